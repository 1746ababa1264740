// Owner of a stdio FILE*: fclose() in the destructor, on close() and when
// another file is opened or moved in.
#pragma once
#include <cstdio>
#include <string>

namespace histd {

class StdioFile {
public:
  StdioFile() = default;
  StdioFile(const std::string &path, const char *mode);
  ~StdioFile();

  StdioFile(const StdioFile &) = delete;
  StdioFile &operator=(const StdioFile &) = delete;
  StdioFile(StdioFile &&other) noexcept;
  StdioFile &operator=(StdioFile &&other) noexcept;

  /// Opens `path`, closing the current file first. Throws std::system_error.
  void open(const std::string &path, const char *mode);
  /// Closes the file if one is open; returns false if fclose reported an error.
  bool close();

  std::FILE *get() const { return fp_; }
  explicit operator bool() const { return fp_ != nullptr; }
  const std::string &path() const { return path_; }

private:
  std::FILE *fp_ = nullptr;
  std::string path_;
};

} // namespace histd
