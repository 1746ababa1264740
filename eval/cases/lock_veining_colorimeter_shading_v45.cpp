// Slab grading at a marble works: grader threads measure the veining of each
// slab with a colorimeter and look the shade code up in a reference table
// file (read with pread under a shared lock, so graders read concurrently);
// the quality office reloads the table during the shift and closes it at
// shutdown under the exclusive lock. Grades go to a FILE* grade book guarded by
// its own mutex and `closed_` flag.
// Correct: every pread happens under the shared lock after a check of the
// descriptor, and every close or swap of the descriptor happens under the
// exclusive lock, so no grader can hold a descriptor that is being closed;
// the grade book checks `closed_` under its mutex before each write, and its
// close() is check-and-set under the same mutex.
#include <cstdio>
#include <fcntl.h>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

struct ShadeEntry {
  char name[24];
  float minL;
  float maxL;
  int grade;
};

class ShadeReferenceTable {
public:
  explicit ShadeReferenceTable(const std::string &path) : fd_(::open(path.c_str(), O_RDONLY)) {}
  ~ShadeReferenceTable() { close(); }

  std::optional<ShadeEntry> lookup(int shadeCode) const {
    std::shared_lock<std::shared_mutex> lock(m_);
    if (fd_ < 0)
      return std::nullopt;
    ShadeEntry entry{};
    const off_t at = static_cast<off_t>(shadeCode) * static_cast<off_t>(sizeof entry);
    if (::pread(fd_, &entry, sizeof entry, at) != static_cast<ssize_t>(sizeof entry)) // OK
      return std::nullopt;
    return entry;
  }

  bool reload(const std::string &path) {
    int fresh = ::open(path.c_str(), O_RDONLY);
    if (fresh < 0)
      return false;
    std::unique_lock<std::shared_mutex> lock(m_);
    int stale = std::exchange(fd_, fresh);
    if (stale >= 0)
      ::close(stale); // OK
    return true;
  }

  void close() {
    std::unique_lock<std::shared_mutex> lock(m_);
    if (fd_ >= 0)
      ::close(std::exchange(fd_, -1));
  }

private:
  mutable std::shared_mutex m_;
  int fd_;
};

class GradeBook {
public:
  explicit GradeBook(const std::string &path) : out_(std::fopen(path.c_str(), "a")) {
    closed_ = (out_ == nullptr);
  }
  ~GradeBook() { close(); }

  void record(const std::string &slab, const ShadeEntry &shade) {
    std::lock_guard<std::mutex> lock(m_);
    if (closed_)
      return;
    std::fprintf(out_, "%s,%s,%d\n", slab.c_str(), shade.name, shade.grade); // OK
  }

  void close() {
    std::lock_guard<std::mutex> lock(m_);
    if (closed_)
      return;
    closed_ = true;
    std::fclose(out_);
  }

private:
  std::mutex m_;
  FILE *out_;
  bool closed_;
};

int measureShadeCode(const std::string &slab) {
  int code = 0;
  for (char c : slab)
    code = (code * 31 + c) % 64;
  return code;
}

void gradeSlabs(const ShadeReferenceTable &table, GradeBook &book,
                const std::vector<std::string> &slabs) {
  for (const std::string &slab : slabs) {
    if (std::optional<ShadeEntry> shade = table.lookup(measureShadeCode(slab)))
      book.record(slab, *shade);
  }
}

int main() {
  ShadeReferenceTable table("/srv/grading/shades-2024a.bin");
  GradeBook book("/srv/grading/grades.csv");

  std::vector<std::thread> graders;
  graders.emplace_back(gradeSlabs, std::cref(table), std::ref(book),
                       std::vector<std::string>{"STAT-0911", "STAT-0912", "STAT-0913"});
  graders.emplace_back(gradeSlabs, std::cref(table), std::ref(book),
                       std::vector<std::string>{"CALA-1440", "CALA-1441"});

  table.reload("/srv/grading/shades-2024b.bin");
  table.close(); // OK
  book.close(); // OK

  for (std::thread &t : graders)
    t.join();
}
