// A CSV exporter owns its FILE* through std::unique_ptr with a deleter that
// calls fclose. writeReport() writes through the raw pointer while the owner
// is alive (correct) and once more after the owner's scope has ended, when the
// deleter has closed the stream (bug). rotate() resets the owner and keeps
// writing through the raw pointer it took before the reset (bug), while
// reopen() writes only through the new stream (correct).
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

struct FileCloser {
  void operator()(std::FILE *file) const noexcept {
    if (file)
      std::fclose(file);
  }
};
using FilePtr = std::unique_ptr<std::FILE, FileCloser>;

struct Row {
  int id;
  std::string name;
};

bool writeReport(const char *path, const std::vector<Row> &rows) {
  std::FILE *out = nullptr;
  {
    FilePtr file(std::fopen(path, "w"));
    if (!file)
      return false;
    out = file.get();
    std::fputs("id,name\n", out); // OK
    for (const Row &row : rows)
      std::fprintf(out, "%d,%s\n", row.id, row.name.c_str()); // OK
  }
  std::fputs("# end of report\n", out); // BUG: use-after-close
  return true;
}

class AuditLog {
public:
  explicit AuditLog(const char *path) : file_(std::fopen(path, "a")) {}

  void rotate(const char *nextPath) {
    std::FILE *old = file_.get();
    file_.reset();
    std::fputs("rotated\n", old); // BUG: use-after-close
    file_.reset(std::fopen(nextPath, "a"));
  }

  void reopen(const char *path) {
    file_.reset(std::fopen(path, "a"));
    if (file_)
      std::fputs("reopened\n", file_.get()); // OK
  }

private:
  FilePtr file_;
};
