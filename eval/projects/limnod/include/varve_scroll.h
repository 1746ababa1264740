// Append-only CSV file for readings (named after the yearly sediment layers the
// archive is indexed by).
#pragma once
#include <cstdio>
#include <string>

class VarveScroll {
public:
  VarveScroll() = default;
  ~VarveScroll();
  VarveScroll(const VarveScroll &) = delete;
  VarveScroll &operator=(const VarveScroll &) = delete;

  bool open(const std::string &path);
  bool isOpen() const { return fp_ != nullptr; }
  /// Throws std::runtime_error when the scroll is closed.
  void append(const std::string &row);
  /// Closes the file; false when fclose reported lost data. Throws std::logic_error
  /// when the scroll is already closed.
  bool close();
  /// Closes the current file and continues in nextPath.
  void rotate(const std::string &nextPath);
  const std::string &path() const { return path_; }

private:
  std::FILE *fp_ = nullptr;
  std::string path_;
};
