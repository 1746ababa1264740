// The job report (report.json) uploaded with the artifacts.
#pragma once
#include "buildfarm/job.h"

#include <string>

namespace buildfarm {

class JobReport {
public:
  explicit JobReport(JobResult result);
  std::string toJson() const;
  // Writes the report to path; false if anything went wrong.
  bool writeTo(const std::string &path) const;

private:
  JobResult result_;
};

} // namespace buildfarm
