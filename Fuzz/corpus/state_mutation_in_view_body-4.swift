struct TagList: View {
    @Binding var tags: [String]

    var body: some View {
        if tags.isEmpty {
            let _ = tags.append("General")
        }
        ForEach(tags, id: \.self) { tag in
            Text(tag)
        }
    }
}
