// ShiftReport: a text report written while a shift runs; seal() writes the
// trailer and closes the file. A sealed report refuses appends, and sealing
// twice is a programming error.
#pragma once
#include <cstdio>
#include <string>

class ShiftReport {
 public:
  explicit ShiftReport(std::string path);
  ~ShiftReport();
  ShiftReport(const ShiftReport&) = delete;
  ShiftReport& operator=(const ShiftReport&) = delete;

  void append(const std::string& line);   // throws std::runtime_error once sealed
  void seal();                            // throws std::logic_error when already sealed
  bool sealed() const;
  const std::string& path() const;

 private:
  std::string path_;
  std::FILE* fp_ = nullptr;
};
