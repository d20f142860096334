// mainguard-settings: upcoming=NonisolatedNonsendingByDefault
@MainActor func onSave() async {
    await persist()
}

func persist() async {
    let archive = encodeAll()
    await upload(archive)
}

func encodeAll() -> [UInt8] {
    var bytes: [UInt8] = []
    for value in 0..<1_000 { bytes.append(UInt8(value % 256)) }
    return bytes
}

func upload(_ bytes: [UInt8]) async {}
