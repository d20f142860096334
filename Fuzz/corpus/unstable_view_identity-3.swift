struct Tag: Identifiable {
    let id: UUID
    let name: String
}

struct TagCloud: View {
    let tags: [String]

    var body: some View {
        HStack {
            ForEach(tags.map { Tag(id: UUID(), name: $0) }) { tag in
                Text(tag.name)
            }
        }
    }
}
