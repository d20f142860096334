Task.detached(priority: .userInitiated) { await render(document) }   // the user is waiting
Task.detached(priority: .utility) { await rebuildSearchIndex() }      // nobody is waiting
