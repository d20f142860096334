import Security
import SwiftUI
import UIKit

/// An older ObservableObject without @MainActor; it hops to the main queue by hand.
final class AccountStore: ObservableObject {
    @Published var avatarData = Data()
    @Published var displayName = ""
    @Published var isSignedIn = false
    let cacheURL = FileManager.default.temporaryDirectory.appendingPathComponent("account.json")

    func loadAvatar(from url: URL) {
        URLSession.shared.dataTask(with: url) { data, _, _ in
            guard let data else { return }
            DispatchQueue.main.async {
                self.avatarData = data
            }
        }.resume()
    }

    func signIn(email: String, password: String) async throws {
        var request = URLRequest(url: URL(string: "https://api.photojournal.app/v2/session")!)
        request.httpMethod = "POST"
        request.httpBody = try JSONEncoder().encode(["email": email, "password": password])
        let (data, _) = try await URLSession.shared.data(for: request)
        let token = String(decoding: data, as: UTF8.self)
        KeychainHelper.save(token, account: email)
        await MainActor.run {
            self.isSignedIn = true
            self.displayName = email
        }
    }
}

enum KeychainHelper {
    static func save(_ token: String, account: String) {
        let query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrAccount as String: account,
            kSecValueData as String: Data(token.utf8),
        ]
        SecItemDelete(query as CFDictionary)
        SecItemAdd(query as CFDictionary, nil)
    }
}

struct AccountView: View {
    @StateObject private var store = AccountStore()
    @State private var email = ""
    @State private var password = ""
    @State private var error: String?

    var body: some View {
        Form {
            Section {
                HStack {
                    Image(uiImage: UIImage(data: store.avatarData) ?? UIImage()) // expect-low-cost: expensive_work_in_view_body
                        .resizable()
                        .frame(width: 64, height: 64)
                        .clipShape(Circle())
                    Text(store.displayName)
                }
            }
            if !store.isSignedIn {
                TextField("Email", text: $email)
                SecureField("Password", text: $password)
                Button("Sign in") {
                    Task {
                        do {
                            try await store.signIn(email: email, password: password)
                        } catch {
                            self.error = error.localizedDescription
                        }
                    }
                }
            }
        }
        .onAppear {
            store.loadAvatar(from: URL(string: "https://api.photojournal.app/v2/me/avatar")!)
        }
        .alert("Sign-in failed", isPresented: .constant(error != nil)) {
            Button("OK") { error = nil }
        }
    }
}
