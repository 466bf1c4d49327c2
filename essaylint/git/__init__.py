"""Git plumbing for the git-native workflow: notes on refs/notes/essaylint, hook scripts."""
