// CommandRouter: dispatcher commands arrive on a Kafka topic, one per
// message:
//   SEND <vin> <text>            queue a command for one truck
//   BROADCAST <text>             queue a command for every connected truck
//   EXPORT <id> <vin> <from> <to> <csv|gpx> [max-points]
// Offsets are committed every 100 messages.
#include "command_router.h"

#include <sstream>
#include <stdexcept>
#include <utility>

#include "diagnostics.h"
#include "kafka_glue.h"
#include "session_registry.h"
#include "worker_pool.h"

namespace fleetd {

namespace {
constexpr std::size_t kCommitEvery = 100;
constexpr int kPollMs = 200;
} // namespace

std::optional<DispatchCommand> parseCommand(const std::string &line) {
  std::istringstream in(line);
  std::string verb;
  if (!(in >> verb))
    return std::nullopt;
  DispatchCommand cmd;
  if (verb == "SEND") {
    cmd.kind = DispatchCommand::Kind::Send;
    if (!(in >> cmd.vin))
      return std::nullopt;
    std::getline(in >> std::ws, cmd.text);
    return cmd.text.empty() ? std::nullopt : std::optional<DispatchCommand>(cmd);
  }
  if (verb == "BROADCAST") {
    cmd.kind = DispatchCommand::Kind::Broadcast;
    std::getline(in >> std::ws, cmd.text);
    return cmd.text.empty() ? std::nullopt : std::optional<DispatchCommand>(cmd);
  }
  if (verb == "EXPORT") {
    cmd.kind = DispatchCommand::Kind::Export;
    ExportRequest &r = cmd.exportRequest;
    std::string format;
    long long from = 0, to = 0;
    if (!(in >> r.requestId >> r.vin >> from >> to >> format))
      return std::nullopt;
    r.fromMs = from;
    r.toMs = to;
    if (format == "gpx")
      r.format = ExportRequest::Format::Gpx;
    else if (format != "csv")
      return std::nullopt;
    in >> r.maxPoints;
    cmd.vin = r.vin;
    return cmd;
  }
  return std::nullopt;
}

CommandRouter::CommandRouter(std::unique_ptr<RdKafka::KafkaConsumer> consumer,
                             SessionRegistry &registry, WorkerPool &pool, ExportApi &exports,
                             Diagnostics &diag)
    : consumer_(std::move(consumer)), registry_(registry), pool_(pool), exports_(exports),
      diag_(diag) {}

CommandRouter::~CommandRouter() { stop(); }

void CommandRouter::start(const std::string &topic) {
  if (consumer_->subscribe({topic}) != 0)
    throw std::runtime_error("cannot subscribe to " + topic);
  running_.store(true);
  poller_ = std::thread([this] { poll(); });
}

void CommandRouter::stop() {
  if (!running_.exchange(false))
    return;
  if (poller_.joinable())
    poller_.join();
  consumer_->close(); // OK
  commitProgress(); // BUG: use-after-close #final-commit
  diag_.printf("command router stopped, %zu commands undeliverable", undeliverable_.load());
}

void CommandRouter::commitProgress() {
  if (sinceCommit_ == 0)
    return;
  if (consumer_->commitSync() != 0) // SAME: final-commit
    diag_.printf("command router: offset commit failed");
  sinceCommit_ = 0;
}

void CommandRouter::poll() {
  while (running_.load()) {
    RdKafka::Message *msg = consumer_->consume(kPollMs); // OK
    if (!msg)
      continue;
    if (kafkaglue::isError(*msg)) {
      kafkaglue::release(msg);
      continue;
    }
    std::string line = kafkaglue::payload(*msg);
    kafkaglue::release(msg);
    if (std::optional<DispatchCommand> cmd = parseCommand(line))
      handle(*cmd);
    else
      diag_.printf("command router: ignoring '%s'", line.c_str());
    if (++sinceCommit_ >= kCommitEvery)
      commitProgress(); // OK
  }
}

void CommandRouter::handle(const DispatchCommand &cmd) {
  switch (cmd.kind) {
  case DispatchCommand::Kind::Send:
    pool_.submit([this, vin = cmd.vin, text = cmd.text] {
      if (!registry_.pushIfLive(vin, text)) {
        ++undeliverable_;
        diag_.printf("command for %s dropped: vehicle not connected", vin.c_str());
      }
    });
    break;
  case DispatchCommand::Kind::Broadcast:
    broadcast(cmd.text);
    break;
  case DispatchCommand::Kind::Export:
    exports_.request(cmd.exportRequest);
    break;
  }
}

void CommandRouter::broadcast(const std::string &command) {
  for (std::shared_ptr<VehicleSession> session : registry_.live()) {
    pool_.submit([session, command] {
      session->push(command); // BUG: use-after-close #broadcast-race
    });
  }
}

} // namespace fleetd
