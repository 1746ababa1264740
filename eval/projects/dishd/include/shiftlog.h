// ShiftLog: the operators' shift log, an append-only text file written with
// one write(2) per entry so concurrent appenders never interleave a line.
#pragma once
#include <string>

class ShiftLog {
public:
  ShiftLog() = default;
  explicit ShiftLog(const std::string &path);
  ~ShiftLog();
  ShiftLog(const ShiftLog &) = delete;
  ShiftLog &operator=(const ShiftLog &) = delete;

  void open(const std::string &path);
  /// Takes ownership of an already open descriptor (a console tty, a pipe).
  void adopt(int fd, std::string label);
  /// Appends one time-stamped entry; throws std::runtime_error once closed.
  void append(const std::string &entry);
  /// Renames the current file to archivePath and starts a fresh one.
  void rotate(const std::string &archivePath);
  void close();

  bool isOpen() const { return fd_ >= 0; }
  const std::string &path() const { return path_; }

private:
  void writeAll(const std::string &text);
  int fd_ = -1;
  std::string path_;
};
