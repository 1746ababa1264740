// IngestLoop: the thread that owns registered device sessions (contract in
// ingest_loop.h).
#include "iotbridge/ingest_loop.h"

#include <poll.h>

#include <sstream>

#include "iotbridge/device_registry.h"
#include "iotbridge/device_session.h"
#include "iotbridge/log.h"

namespace iotbridge {
namespace {

constexpr int kPollMs = 200;

std::optional<OutboundCommand> parseCommand(const std::string& text) {
  std::istringstream in(text);
  std::string verb;
  OutboundCommand cmd;
  if (!(in >> verb >> cmd.deviceId)) return std::nullopt;
  std::getline(in >> std::ws, cmd.text);
  if (verb == "send") cmd.kind = OutboundCommand::Kind::Send;
  else if (verb == "kick") cmd.kind = OutboundCommand::Kind::Kick;
  else return std::nullopt;
  return cmd;
}

}  // namespace

IngestLoop::IngestLoop(DeviceRegistry& registry, SubscriptionHub& hub,
                       BlockingQueue<TelemetryRecord>& out, int idleTimeoutSeconds)
    : registry_(registry), hub_(hub), out_(out), idleTimeoutSeconds_(idleTimeoutSeconds) {}

IngestLoop::~IngestLoop() { stop(); }

void IngestLoop::start() {
  if (running_.exchange(true)) return;
  cmdToken_ = hub_.subscribe("cmd", [this](const HubEvent& event) {
    if (std::optional<OutboundCommand> cmd = parseCommand(event.payload)) {
      enqueueCommand(std::move(*cmd));
    }
  });
  thread_ = std::thread([this] { run(); });
}

void IngestLoop::stop() {
  if (!running_.exchange(false)) return;
  hub_.unsubscribe(cmdToken_);
  if (thread_.joinable()) thread_.join();
  for (const auto& entry : fwTokens_) hub_.unsubscribe(entry.second);
  fwTokens_.clear();
  IOTB_LOG(Info, "ingest", "loop stopped after " << framesIn_.load() << " frames");
}

void IngestLoop::adopt(std::shared_ptr<DeviceSession> session) {
  std::lock_guard<std::mutex> lk(inboxMu_);
  inbox_.push_back(std::move(session));
}

void IngestLoop::enqueueCommand(OutboundCommand command) {
  std::lock_guard<std::mutex> lk(outboxMu_);
  outbox_.push_back(std::move(command));
}

void IngestLoop::run() {
  while (running_) {
    try {
      adoptPending();
      drainOutbox();
      if (sweepRequested_.exchange(false)) sweepIdle();
      pollOnce();
    } catch (const std::exception& e) {
      IOTB_LOG(Error, "ingest", "loop iteration failed: " << e.what());
    }
  }
}

void IngestLoop::adoptPending() {
  std::vector<std::shared_ptr<DeviceSession>> arrived;
  {
    std::lock_guard<std::mutex> lk(inboxMu_);
    arrived.swap(inbox_);
  }
  for (std::shared_ptr<DeviceSession>& fresh : arrived) {
    const std::string id = fresh->deviceId();
    if (std::shared_ptr<DeviceSession> old = registry_.replace(id, fresh)) {
      IOTB_LOG(Info, "ingest", id << " reconnected from " << fresh->peer());
      old->close();  // OK: the displaced connection, never the fresh one
    }
    // Firmware notices are small; deliver them straight from the hub thread.
    fwTokens_[id] = hub_.subscribe("fw/" + id, [fresh](const HubEvent& event) {
      fresh->send("FW " + event.payload + "\n");  // BUG: use-after-close
    });
    fresh->send("READY\n");  // OK: `fresh` is not the session closed above
  }
}

void IngestLoop::drainOutbox() {
  std::deque<OutboundCommand> batch;
  {
    std::lock_guard<std::mutex> lk(outboxMu_);
    batch.swap(outbox_);
  }
  for (const OutboundCommand& cmd : batch) {
    std::shared_ptr<DeviceSession> session = registry_.find(cmd.deviceId);
    if (!session || session->closed()) {
      dropped_.fetch_add(1);
      continue;
    }
    if (cmd.kind == OutboundCommand::Kind::Kick) {
      IOTB_LOG(Info, "ingest", "kicking " << cmd.deviceId << ": " << cmd.text);
      dropDevice(cmd.deviceId);
      session->send("BYE " + cmd.text + "\n");  // BUG: use-after-close
      continue;
    }
    session->send(cmd.text + "\n");  // OK: checked above, and only this thread closes registered sessions
  }
}

void IngestLoop::sweepIdle() {
  const std::int64_t cutoff = nowMs() - static_cast<std::int64_t>(idleTimeoutSeconds_) * 1000;
  for (const std::string& id : registry_.idleSince(cutoff)) {
    IOTB_LOG(Info, "ingest", id << " idle for " << idleTimeoutSeconds_ << "s, dropping");
    dropDevice(id);
  }
}

void IngestLoop::pollOnce() {
  std::vector<std::shared_ptr<DeviceSession>> sessions = registry_.snapshot();
  std::vector<pollfd> fds;
  fds.reserve(sessions.size());
  for (const auto& session : sessions) fds.push_back(pollfd{session->fd(), POLLIN, 0});

  int ready = ::poll(fds.data(), fds.size(), kPollMs);  // OK: snapshot sessions are open; only this thread closes them
  if (ready <= 0) return;
  for (std::size_t i = 0; i < fds.size(); ++i) {
    if (fds[i].revents & (POLLIN | POLLHUP | POLLERR)) handleReadable(sessions[i]);
  }
}

void IngestLoop::handleReadable(const std::shared_ptr<DeviceSession>& session) {
  std::vector<std::string> frames;
  if (!session->readAvailable(frames)) {
    IOTB_LOG(Info, "ingest", session->deviceId() << " disconnected");
    dropDevice(session->deviceId());
    return;
  }
  session->touch();
  std::uint64_t lastSeq = 0;
  for (const std::string& frame : frames) {
    if (frame == "PONG") continue;
    std::optional<TelemetryRecord> record = parseFrame(session->deviceId(), frame);
    if (!record) {
      malformed_.fetch_add(1);
      session->send("NAK\n");
      continue;
    }
    lastSeq = record->seq;
    framesIn_.fetch_add(1);
    out_.push(std::move(*record));  // BUG: use-after-close #ingestpush
  }
  if (lastSeq != 0) session->send("ACK " + std::to_string(lastSeq) + "\n");
}

void IngestLoop::dropDevice(const std::string& deviceId) {
  auto it = fwTokens_.find(deviceId);
  if (it != fwTokens_.end()) {
    hub_.unsubscribe(it->second);
    fwTokens_.erase(it);
  }
  registry_.evict(deviceId);
}

}  // namespace iotbridge
