#if os(macOS)
import AppKit
import PDFKit

final class ExportViewController: NSViewController {
    private let progress = NSProgressIndicator()
    private var notes: [NoteDTO] = []

    @IBAction func exportPDF(_ sender: NSButton) {
        let panel = NSSavePanel()
        panel.allowedContentTypes = [.pdf]
        panel.begin { [weak self] response in
            guard response == .OK, let url = panel.url, let self else { return }
            let notes = self.notes
            self.progress.startAnimation(nil)
            Task.detached(priority: .userInitiated) {
                let data = PDFComposer.compose(notes)
                try? data.write(to: url)
                await MainActor.run {
                    self.progress.stopAnimation(nil)
                }
            }
        }
    }

    @IBAction func openAttachment(_ sender: NSButton) {
        let panel = NSOpenPanel()
        guard panel.runModal() == .OK, let url = panel.url else { return }
        let document = PDFDocument(url: url) // expect-low-cost: blocking_call_on_main_actor
        view.window?.title = document?.documentURL?.lastPathComponent ?? "Untitled"
    }
}

enum PDFComposer {
    static func compose(_ notes: [NoteDTO]) -> Data {
        let output = NSMutableData()
        for note in notes {
            output.append(Data(note.title.utf8))
            output.append(Data(note.text.utf8))
        }
        return output as Data
    }
}

/// Called from a background file-coordination callback.
func presentedItemDidChange(at url: URL, controller: ExportViewController) async {
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    await MainActor.run {
        controller.title = text.isEmpty ? "Empty" : String(text.prefix(40))
    }
    await MainActor.run {
        let summary = PDFComposer.compose([NoteDTO(id: UUID(), title: url.lastPathComponent, text: text, modified: .now)]) // known-false-positive-low-cost: sync_work_in_main_actor_task
        controller.representedObject = summary
    }
}
#endif
