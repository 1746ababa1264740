// Quire splitter for a bindery's gathering line: the line scanner reports
// every gathered quire as a record (book, sequence, last-of-book flag) and
// the splitter writes each book's quires to that book's own file, which is
// closed when the book's last quire comes through (a scanner batch always
// ends with the last quire of a book). The camera port is closed when the
// end-of-run record arrives.
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

struct QuireRecord {
  std::string book;
  int sequence;
  std::string mark;
  bool lastOfBook;
};

class QuireSplitter {
public:
  explicit QuireSplitter(std::string dir) : dir_(std::move(dir)) {}

  void splitBatch(const std::vector<QuireRecord> &batch);
  void splitStream(const std::vector<QuireRecord> &batch);
  void drainCamera(int camFd);
  int booksDone() const { return booksDone_; }

private:
  FILE *openBookFile(const std::string &book) {
    return std::fopen((dir_ + "/" + book + ".quires").c_str(), "a");
  }

  std::string dir_;
  int booksDone_ = 0;
};

void QuireSplitter::splitBatch(const std::vector<QuireRecord> &batch) {
  if (batch.empty())
    return;
  FILE *out = openBookFile(batch.front().book);
  if (!out)
    return;
  for (const QuireRecord &q : batch) {
    std::fprintf(out, "%d %s\n", q.sequence, q.mark.c_str()); // BUG: use-after-close
    if (q.lastOfBook) {
      std::fclose(out); // BUG: double-close
      ++booksDone_;
    }
  }
}

void QuireSplitter::splitStream(const std::vector<QuireRecord> &batch) {
  FILE *out = nullptr;
  for (const QuireRecord &q : batch) {
    if (!out) {
      out = openBookFile(q.book);
      if (!out)
        return;
    }
    std::fprintf(out, "%d %s\n", q.sequence, q.mark.c_str()); // OK: reopened after each book
    if (q.lastOfBook) {
      std::fclose(out);
      out = nullptr;
      ++booksDone_;
    }
  }
  if (out)
    std::fclose(out); // OK: null once the last book was closed
}

void QuireSplitter::drainCamera(int camFd) {
  char frame[64];
  for (;;) {
    ssize_t n = ::read(camFd, frame, sizeof frame - 1); // OK: the loop ends where the port is closed
    if (n <= 0)
      break;
    frame[n] = '\0';
    if (std::strncmp(frame, "EOR", 3) == 0) {
      ::close(camFd);
      return;
    }
    std::fputs(frame, stdout);
  }
  ::close(camFd); // OK: the EOR branch returned
}
