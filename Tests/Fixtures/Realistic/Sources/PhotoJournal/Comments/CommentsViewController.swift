import Combine
import PhotosUI
import UIKit

struct Comment: Hashable, Decodable {
    let id: Int
    let author: String
    let body: String
}

@MainActor
final class CommentsViewModel {
    @Published private(set) var comments: [Comment] = []
    private let postID: Int

    init(postID: Int) {
        self.postID = postID
    }

    func load() async {
        let url = URL.feed.appendingPathComponent("\(postID)/comments")
        comments = (try? await APIClient.shared.fetch([Comment].self, from: url)) ?? []
    }

    func post(_ text: String, attachment: Data?) async {
        var request = URLRequest(url: URL.feed.appendingPathComponent("\(postID)/comments"))
        request.httpMethod = "POST"
        request.httpBody = attachment ?? Data(text.utf8)
        _ = try? await URLSession.shared.data(for: request)
        await load()
    }
}

final class CommentsViewController: UIViewController, UIImagePickerControllerDelegate, UINavigationControllerDelegate {
    private let viewModel: CommentsViewModel
    private var cancellables: Set<AnyCancellable> = []
    private lazy var tableView = UITableView(frame: .zero, style: .plain)
    private lazy var dataSource = UITableViewDiffableDataSource<Int, Comment>(tableView: tableView) { tableView, indexPath, comment in
        let cell = tableView.dequeueReusableCell(withIdentifier: "comment", for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = comment.author
        content.secondaryText = comment.body
        cell.contentConfiguration = content
        return cell
    }

    init(viewModel: CommentsViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "comment")
        view.addSubview(tableView)
        viewModel.$comments
            .receive(on: DispatchQueue.main)
            .sink { [weak self] comments in self?.apply(comments) }
            .store(in: &cancellables)
        Task { await viewModel.load() }
    }

    private func apply(_ comments: [Comment]) {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Comment>()
        snapshot.appendSections([0])
        snapshot.appendItems(comments)
        dataSource.apply(snapshot, animatingDifferences: true)
    }

    @objc private func attachPhoto() {
        let picker = UIImagePickerController()
        picker.delegate = self
        present(picker, animated: true)
    }

    func imagePickerController(_ picker: UIImagePickerController,
                               didFinishPickingMediaWithInfo info: [UIImagePickerController.InfoKey: Any]) {
        picker.dismiss(animated: true)
        guard let image = info[.originalImage] as? UIImage else { return }
        let jpeg = image.jpegData(compressionQuality: 0.7) // expect: blocking_call_on_main_actor
        Task {
            await viewModel.post("", attachment: jpeg)
        }
    }

    func exportThread() {
        let text = viewModel.comments.map { "\($0.author): \($0.body)" }.joined(separator: "\n")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("thread.txt")
        try? text.write(to: url, atomically: true, encoding: .utf8) // expect-low-cost: blocking_call_on_main_actor
        let sheet = UIActivityViewController(activityItems: [url], applicationActivities: nil)
        present(sheet, animated: true)
    }

    func appendLog(_ line: String, to log: inout String) {
        line.write(to: &log)
    }
}
