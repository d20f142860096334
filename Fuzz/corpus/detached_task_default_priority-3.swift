let answer = Task.detached { 42 }
