// One UTC day's interval file, opened for append when constructed.
// close() is idempotent: it returns fclose()'s result the first time and 0
// afterwards. The destructor closes the file if it is still open.
#pragma once
#include <cstdio>
#include <string>

class DayFile {
public:
  explicit DayFile(std::string path);
  ~DayFile();
  DayFile(const DayFile &) = delete;
  DayFile &operator=(const DayFile &) = delete;

  bool isOpen() const { return fp_ != nullptr; }
  std::FILE *stream() const { return fp_; }
  const std::string &path() const { return path_; }
  long size() const;
  int close();

private:
  std::string path_;
  std::FILE *fp_ = nullptr;
};
