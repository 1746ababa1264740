// Move-only owner of a stdio FILE*; fclose()s it when destroyed.
#pragma once
#include <cstdio>
#include <string>

class StdioFile {
public:
  StdioFile() = default;
  explicit StdioFile(FILE *f) noexcept : f_(f) {}
  ~StdioFile();

  StdioFile(StdioFile &&other) noexcept : f_(other.release()) {}
  StdioFile &operator=(StdioFile &&other) noexcept;
  StdioFile(const StdioFile &) = delete;
  StdioFile &operator=(const StdioFile &) = delete;

  // The result is empty (false) when fopen() failed; errno is left set.
  static StdioFile open(const std::string &path, const char *mode);

  FILE *get() const noexcept { return f_; }
  explicit operator bool() const noexcept { return f_ != nullptr; }

  // Returns fclose()'s result; does nothing on an empty handle.
  int close() noexcept;
  FILE *release() noexcept;

private:
  FILE *f_ = nullptr;
};
