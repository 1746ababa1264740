// ReportWriter: writes one plain-text report file section by section.
// section() throws once the report is finished.
#pragma once
#include <cstdio>
#include <string>

#include "status.h"

namespace liftops {

class ReportWriter {
public:
  ReportWriter() = default;
  ~ReportWriter();
  ReportWriter(const ReportWriter &) = delete;
  ReportWriter &operator=(const ReportWriter &) = delete;

  Status begin(const std::string &path);
  void section(const std::string &title, const std::string &body);
  Status finish();
  bool isOpen() const { return fp_ != nullptr; }
  const std::string &path() const { return path_; }

private:
  std::FILE *fp_ = nullptr;
  std::string path_;
};

} // namespace liftops
