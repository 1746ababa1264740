// A Journal's close() refuses a second call: it throws "journal already
// closed" when the flag is set, then closes its FILE*. Closing it twice is a
// double close (bug). append() after close throws "journal is closed" (bug).
#include <cstdio>
#include <stdexcept>
#include <string>

class Journal {
public:
  explicit Journal(const char *path) : file_(std::fopen(path, "a")) {
    if (!file_)
      throw std::runtime_error("cannot open journal");
  }

  void append(const std::string &entry) {
    if (closed_)
      throw std::runtime_error("journal is closed");
    std::fputs(entry.c_str(), file_);
    std::fputc('\n', file_);
  }

  void close() {
    if (closed_)
      throw std::logic_error("journal already closed");
    std::fclose(file_);
    closed_ = true;
  }

private:
  std::FILE *file_;
  bool closed_ = false;
};

void commitAndClose(Journal &journal) {
  journal.append("COMMIT 42");
  journal.close();
  journal.close(); // BUG: double-close
}

void lateEntry(Journal &journal) {
  journal.close();
  journal.append("ROLLBACK 43"); // BUG: use-after-close
}
