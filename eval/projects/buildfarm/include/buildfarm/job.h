// What the coordinator hands an agent, and what the agent reports back.
#pragma once
#include "buildfarm/child_process.h"

#include <chrono>
#include <string>
#include <vector>

namespace buildfarm {

struct JobSpec {
  std::string id;
  std::string repo;
  std::string revision;
  CommandSpec command;
  std::vector<std::string> artifacts; // paths relative to the workspace
};

enum class JobOutcome { Succeeded, Failed, TimedOut, Cancelled, LeaseLost };

inline const char *toString(JobOutcome outcome) {
  switch (outcome) {
  case JobOutcome::Succeeded:
    return "succeeded";
  case JobOutcome::Failed:
    return "failed";
  case JobOutcome::TimedOut:
    return "timed-out";
  case JobOutcome::Cancelled:
    return "cancelled";
  case JobOutcome::LeaseLost:
    return "lease-lost";
  }
  return "unknown";
}

struct JobResult {
  std::string jobId;
  JobOutcome outcome = JobOutcome::Failed;
  int exitStatus = -1;
  std::chrono::milliseconds duration{0};
  std::vector<std::string> uploaded; // artifact ids handed to the uploader
  std::string error;
};

} // namespace buildfarm
