// IngestLoop: the single thread that owns every registered DeviceSession.
//
// The loop adopts sessions handed over by the Listener (adopt() is
// thread-safe), polls all registered sessions, parses their telemetry frames
// into the ingest queue, acknowledges them, delivers queued device commands
// and drops idle or disconnected devices. Every close of a registered session
// happens on this thread (through DeviceRegistry::evict), except
// DeviceRegistry::closeAll() which the Bridge calls after stop().
//
// Commands arrive on the hub topic "cmd" ("send <id> <text>" or
// "kick <id> <reason>") and are queued in an outbox the loop drains; firmware
// notices arrive on "fw/<id>".
//
// start() subscribes and launches the thread; stop() unsubscribes and joins
// it. stop() is idempotent and the destructor calls it.
#pragma once
#include <atomic>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "iotbridge/blocking_queue.h"
#include "iotbridge/subscription_hub.h"
#include "iotbridge/telemetry.h"

namespace iotbridge {

class DeviceRegistry;
class DeviceSession;

struct OutboundCommand {
  enum class Kind { Send, Kick };
  Kind kind = Kind::Send;
  std::string deviceId;
  std::string text;
};

class IngestLoop {
 public:
  IngestLoop(DeviceRegistry& registry, SubscriptionHub& hub,
             BlockingQueue<TelemetryRecord>& out, int idleTimeoutSeconds);
  ~IngestLoop();

  void start();
  void stop();

  void adopt(std::shared_ptr<DeviceSession> session);
  void enqueueCommand(OutboundCommand command);
  void requestIdleSweep() { sweepRequested_ = true; }

  std::uint64_t framesIn() const { return framesIn_.load(); }

 private:
  void run();
  void adoptPending();
  void drainOutbox();
  void sweepIdle();
  void pollOnce();
  void handleReadable(const std::shared_ptr<DeviceSession>& session);
  void dropDevice(const std::string& deviceId);

  DeviceRegistry& registry_;
  SubscriptionHub& hub_;
  BlockingQueue<TelemetryRecord>& out_;
  const int idleTimeoutSeconds_;

  std::mutex inboxMu_;
  std::vector<std::shared_ptr<DeviceSession>> inbox_;
  std::mutex outboxMu_;
  std::deque<OutboundCommand> outbox_;

  // Loop-thread state.
  std::unordered_map<std::string, SubscriptionHub::Token> fwTokens_;

  SubscriptionHub::Token cmdToken_ = 0;
  std::atomic<bool> running_{false};
  std::atomic<bool> sweepRequested_{false};
  std::atomic<std::uint64_t> framesIn_{0};
  std::atomic<std::uint64_t> malformed_{0};
  std::atomic<std::uint64_t> dropped_{0};
  std::thread thread_;
};

}  // namespace iotbridge
