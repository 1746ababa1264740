#include "buildfarm/job_fetcher.h"
#include "buildfarm/coordinator_link.h"
#include "buildfarm/job_queue.h"

#include <utility>

namespace buildfarm {

JobFetcher::JobFetcher(std::string agentId, CoordinatorLink &link,
                       JobQueue &queue, AwaitAssignment await,
                       std::chrono::milliseconds pollTimeout)
    : agentId_(std::move(agentId)), link_(link), queue_(queue),
      await_(std::move(await)), pollTimeout_(pollTimeout) {}

JobFetcher::~JobFetcher() {
  stop(); // OK: the thread is joined at most once
}

void JobFetcher::start() {
  if (running_.exchange(true))
    return;
  thread_ = std::thread([this] { run(); });
}

void JobFetcher::stop() {
  running_.store(false);
  if (thread_.joinable())
    thread_.join();
}

std::string JobFetcher::pollRequest(const std::string &ack) const {
  std::string req = "POLL agent=" + agentId_ + " capacity=1";
  if (!ack.empty())
    req += " ack=" + ack;
  return req;
}

void JobFetcher::run() {
  std::shared_ptr<net::Connection> conn = link_.current();
  std::string pendingAck;
  while (running_.load()) {
    if (!conn)
      return; // the link was closed for good
    conn->send(pollRequest(pendingAck)); // BUG: use-after-close #fetch_reconnect
    pendingAck.clear();

    PollReply reply = await_(pollTimeout_);
    switch (reply.kind) {
    case PollReply::Kind::Timeout:
      break;
    case PollReply::Kind::TransportLost:
      conn = link_.reconnect();
      break;
    case PollReply::Kind::Assigned:
      pendingAck = reply.job.id;
      fetched_.fetch_add(1);
      queue_.push(std::move(reply.job)); // BUG: use-after-close #fetch_push
      break;
    }
  }
}

} // namespace buildfarm
