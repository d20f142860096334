import CoreImage
import CoreImage.CIFilterBuiltins
import UIKit

final class EditorViewController: UIViewController {
    private let original: UIImage
    private let sourceURL: URL
    private var edited: UIImage?
    private let imageView = UIImageView()
    private let intensitySlider = UISlider()
    private let context = CIContext()
    private var autosaveTimer: Timer?

    init(image: UIImage, sourceURL: URL) {
        self.original = image
        self.sourceURL = sourceURL
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        imageView.image = original
        imageView.contentMode = .scaleAspectFit
        view.addSubview(imageView)
        intensitySlider.addTarget(self, action: #selector(intensityChanged), for: .valueChanged)
        view.addSubview(intensitySlider)
        navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Save", style: .done, target: self,
                                                            action: #selector(saveTapped))
        autosaveTimer = Timer.scheduledTimer(withTimeInterval: 30, repeats: true) { [weak self] _ in
            self?.scheduleAutosave()
        }
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        autosaveTimer?.invalidate()
    }

    /// Live preview while the slider moves: renders the full-resolution photo on every change.
    @objc private func intensityChanged() {
        let filter = CIFilter.sepiaTone()
        filter.inputImage = CIImage(image: original)
        filter.intensity = intensitySlider.value
        guard let output = filter.outputImage,
              let rendered = context.createCGImage(output, from: output.extent) // expect: blocking_call_on_main_actor
        else { return }
        edited = UIImage(cgImage: rendered)
        imageView.image = edited
    }

    @objc private func saveTapped() {
        guard let edited else { return }
        let destination = sourceURL.deletingPathExtension().appendingPathExtension("edited.jpg")
        Task {
            guard let data = edited.jpegData(compressionQuality: 0.9) else { return } // expect-low-cost: sync_work_in_main_actor_task
            do {
                try data.write(to: destination, options: .atomic) // expect-low-cost: sync_work_in_main_actor_task
                navigationController?.popViewController(animated: true)
            } catch {
                presentError(error)
            }
        }
    }

    private func scheduleAutosave() {
        guard let edited else { return }
        let draftURL = sourceURL.deletingPathExtension().appendingPathExtension("draft.png")
        Task.detached(priority: .utility) {
            try? edited.pngData()?.write(to: draftURL)
        }
    }

    func showPreview(for size: CGSize) {
        Task {
            imageView.image = original.resized(to: size) // expect-low-cost: sync_work_in_main_actor_task
        }
    }

    private func presentError(_ error: Error) {
        let alert = UIAlertController(title: "Couldn't save", message: error.localizedDescription, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
