func refresh() async {
    await MainActor.run {
        let index = rebuildIndex(items: [1, 2, 3])
        print(index)
    }
}

func rebuildIndex(items: [Int]) -> [Int: Int] {
    var index: [Int: Int] = [:]
    for item in items { index[item] = item * 2 }
    return index
}
