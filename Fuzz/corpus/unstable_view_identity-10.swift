struct NameList: View {
    let names: [String]

    var body: some View {
        VStack {
            ForEach(names, id: \.self) { name in
                Text(name)
            }
            ForEach(0..<5, id: \.self) { index in
                Text("Row \(index)")
            }
            ForEach(names.map { $0.uppercased() }, id: \.self) { name in
                Text(name)
            }
        }
    }
}
