import UIKit

final class NotesListViewController: UITableViewController {
    private let model: NotesViewModel
    private let api = APIClient.shared
    private lazy var dateFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateStyle = .medium
        return formatter
    }()

    init(model: NotesViewModel) {
        self.model = model
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(NoteCell.self, forCellReuseIdentifier: NoteCell.reuseIdentifier)
        navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Log out", style: .plain, target: self,
                                                           action: #selector(logoutTapped))
        Task {
            await model.load()
            tableView.reloadData()
        }
    }

    @objc private func logoutTapped() {
        // Wait for the server to drop the session before leaving, so the next login starts clean.
        let semaphore = DispatchSemaphore(value: 0)
        api.logout {
            semaphore.signal()
        }
        semaphore.wait() // expect: blocking_call_on_main_actor
        navigationController?.popToRootViewController(animated: true)
    }

    func refreshFromServer() {
        Task {
            let data = api.fetchDataSynchronously(from: .feed) // expect: sync_work_in_main_actor_task
            title = data.map { "\($0.count) bytes" }
        }
    }
}

extension NotesListViewController {
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        model.notes.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: NoteCell.reuseIdentifier, for: indexPath) as! NoteCell
        let note = model.notes[indexPath.row]
        cell.configure(title: note.title, subtitle: dateFormatter.string(from: note.modified), attachmentPath: nil)
        return cell
    }
}

final class NoteCell: UITableViewCell {
    static let reuseIdentifier = "NoteCell"
    private let attachmentView = UIImageView()

    func configure(title: String, subtitle: String, attachmentPath: String?) {
        var content = defaultContentConfiguration()
        content.text = title
        content.secondaryText = subtitle
        contentConfiguration = content
        if let attachmentPath {
            attachmentView.image = UIImage(contentsOfFile: attachmentPath) // expect-low-cost: blocking_call_on_main_actor
        }
    }
}
