// A move-only RAII wrapper around FILE*, as small C++ utilities write it:
// close() reports fclose()'s result and nulls the handle; the destructor
// closes only a handle it still holds; move construction and move assignment
// transfer the handle and leave the source empty. Negative case: callers
// close explicitly to check for errors, after which the destructor has
// nothing to close; a moved-from wrapper holds NULL; move assignment closes
// the handle it replaces exactly once.
#include <cstdio>
#include <utility>

class File {
public:
  File() = default;
  File(const char *path, const char *mode) : fp_(std::fopen(path, mode)) {}
  File(File &&o) noexcept : fp_(o.fp_) { o.fp_ = nullptr; }
  File &operator=(File &&o) noexcept {
    if (this != &o) {
      if (fp_)
        std::fclose(fp_); // OK: closes the handle being replaced, which nothing else holds
      fp_ = o.fp_;
      o.fp_ = nullptr;
    }
    return *this;
  }
  File(const File &) = delete;
  File &operator=(const File &) = delete;
  ~File() {
    if (fp_)
      std::fclose(fp_); // OK: close() and moves leave fp_ NULL, so this never closes twice
  }

  explicit operator bool() const { return fp_ != nullptr; }

  int close() {
    if (!fp_)
      return 0;
    int rc = std::fclose(fp_);
    fp_ = nullptr;
    return rc;
  }

  bool write_line(const char *s) {
    return fp_ && std::fputs(s, fp_) >= 0 && std::fputc('\n', fp_) != EOF; // OK: checks for a null handle first
  }

private:
  FILE *fp_ = nullptr;
};

static File open_output(const char *path) {
  File f(path, "w");
  return f;
}

int main(int argc, char **argv) {
  File out = open_output(argc > 1 ? argv[1] : "result.txt");
  if (!out)
    return 1;
  out.write_line("header");
  File backup("result.bak", "w");
  if (backup)
    backup.write_line("header"); // OK: backup is a different stream from out
  if (out.close() != 0)
    return 1;
  out = std::move(backup);       // OK: out holds NULL after close(); it takes backup's stream
  if (out)
    out.write_line("footer"); // OK: out now holds the backup stream, which is open
  int rc = out.close();       // OK: first close of the backup stream; backup itself is empty
  return rc == 0 ? 0 : 1;
}
