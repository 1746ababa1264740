// Negative: a RAII handle closes in its destructor, after the last use.
#include <cstdio>

class File {
public:
  File(const char *path, const char *mode) : f_(fopen(path, mode)) {}
  File(const File &) = delete;
  File &operator=(const File &) = delete;
  ~File() {
    if (f_)
      fclose(f_);
  }
  FILE *get() const { return f_; }
  explicit operator bool() const { return f_ != nullptr; }

private:
  FILE *f_;
};

long fileSize(const char *path) {
  File f(path, "rb");
  if (!f)
    return -1;
  fseek(f.get(), 0, SEEK_END);
  return ftell(f.get());
}
