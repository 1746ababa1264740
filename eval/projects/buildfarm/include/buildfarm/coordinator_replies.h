// Replies from the coordinator, delivered by the coordinator client library
// (libcoordclient). Declarations only: the library is linked in.
#pragma once
#include "buildfarm/job.h"

#include <chrono>
#include <memory>
#include <string>

namespace buildfarm {

struct PollReply {
  enum class Kind { Timeout, Assigned, TransportLost };
  Kind kind = Kind::Timeout;
  JobSpec job;
};

enum class LeaseReply { Renewed, Revoked, SessionExpired, NoReply };

class CoordinatorReplies {
public:
  virtual ~CoordinatorReplies() = default;
  virtual PollReply awaitAssignment(std::chrono::milliseconds timeout) = 0;
  virtual LeaseReply awaitLeaseReply(const std::string &jobId) = 0;
};

std::unique_ptr<CoordinatorReplies> connectReplies(const std::string &endpoint);

} // namespace buildfarm
