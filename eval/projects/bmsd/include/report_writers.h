// Low-level writers for the facility reports: CSV rows, JSON alarm records,
// and the stdio export file used by the legacy energy export.
#pragma once
#include <cstddef>
#include <cstdio>
#include <fstream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "alarm.h"
#include "status.h"

namespace bmsd {

struct FileCloser {
  void operator()(FILE *fp) const {
    if (fp)
      std::fclose(fp);
  }
};
using FilePtr = std::unique_ptr<FILE, FileCloser>;

std::string csvEscape(const std::string &field);
void writeCsvHeader(std::ostream &out, const std::vector<std::string> &columns);
void writeCsvRow(std::ostream &out, const std::vector<std::string> &fields);
void writeJsonAlarm(std::ostream &out, const Alarm &alarm, bool first);
void writeJsonFooter(std::ostream &out, std::size_t count);

// Flushes and closes a report; reports a failed write as an error.
Status closeReport(std::ofstream &out, const std::string &path);
FilePtr openExportFile(const std::string &path);

} // namespace bmsd
