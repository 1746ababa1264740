// Report export with std::unique_ptr<FILE, FileCloser>. exportCsv() keeps the
// raw FILE* past its owner's scope and flushes it after the deleter already
// ran fclose (bug). JournalWriter owns the stream as a member:
// writeJournal() appends the trailer through the raw pointer after the
// writer, and with it the stream, was destroyed (bug).
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

struct FileCloser {
  void operator()(FILE *f) const noexcept {
    if (f)
      std::fclose(f);
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

struct Row {
  std::string name;
  double value;
};

bool exportCsv(const std::string &path, const std::vector<Row> &rows) {
  FILE *out = nullptr;
  {
    FilePtr file(std::fopen(path.c_str(), "w"));
    if (!file)
      return false;
    out = file.get();
    std::fputs("name,value\n", out);
    for (const Row &r : rows)
      std::fprintf(out, "%s,%.3f\n", r.name.c_str(), r.value);
  }
  return std::fflush(out) == 0; // BUG: use-after-close
}

class JournalWriter {
public:
  explicit JournalWriter(FILE *f) : file_(f) {}
  void append(const std::string &entry) {
    std::fprintf(file_.get(), "%s\n", entry.c_str());
  }

private:
  FilePtr file_;
};

bool writeJournal(const std::string &path,
                  const std::vector<std::string> &entries) {
  FILE *raw = std::fopen(path.c_str(), "a");
  if (!raw)
    return false;
  {
    JournalWriter writer(raw);
    for (const std::string &e : entries)
      writer.append(e);
  }
  std::fputs("-- end of batch --\n", raw); // BUG: use-after-close
  return true;
}
