import SwiftUI

struct Item: Decodable {}

struct ItemView: View {
    let data: Data
    var body: some View {
        Text("Item").onAppear {
            let handle = FileHandle(forReadingAtPath: "/tmp/log")
            _ = handle?.readDataToEndOfFile()
            _ = decodeItem()
        }
    }

    func decodeItem() -> Item? {
        try? JSONDecoder().decode(Item.self, from: data)
    }
}
