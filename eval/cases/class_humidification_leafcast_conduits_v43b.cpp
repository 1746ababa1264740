// Humidification chamber of a rare-book conservation studio. During a
// relaxation cycle (before leafcasting brittle leaves) a sampler thread
// publishes relative-humidity readings on an EventChannel, a heartbeat
// thread keeps the replication stream to the studio's archive alive over a
// StreamingMultiplexedChannel, and setpoint commands arrive through a
// librdkafka consumer.
#include "messaging.h"

#include <atomic>
#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace humidification {

class Chamber {
public:
  double relative_humidity() const;
  void run_program(const std::string &name);
};

void apply_setpoint(Chamber &chamber, RdKafka::Message *msg);
void release(RdKafka::Message *msg);

static std::string reading(const Chamber &c) {
  return "rh=" + std::to_string(c.relative_humidity());
}

void relaxation_cycle(EventChannel &events, Chamber &chamber) {
  std::atomic<bool> done{false};
  std::thread sampler([&] {
    while (!done.load()) {
      events.send(reading(chamber)); // BUG: use-after-close #rh
      std::this_thread::sleep_for(std::chrono::seconds(2));
    }
  });
  chamber.run_program("relax-65");
  events.close(); // SAME: rh
  done = true;
  sampler.join();
}

void relaxation_cycle_joined(EventChannel &events, Chamber &chamber) {
  std::atomic<bool> done{false};
  std::thread sampler([&] {
    while (!done.load()) {
      events.send(reading(chamber));
      std::this_thread::sleep_for(std::chrono::seconds(2));
    }
  });
  chamber.run_program("relax-55");
  done = true;
  sampler.join();
  events.close(); // OK: the sampler has been joined
}

class ArchiveHeartbeat {
public:
  explicit ArchiveHeartbeat(cassandra::StreamingMultiplexedChannel &chan) : chan_(chan) {}
  ~ArchiveHeartbeat() { stop(); }

  void start() {
    worker_ = std::thread([this] {
      for (;;) {
        {
          std::lock_guard<std::mutex> lock(mu_);
          if (closed_)
            return;
          chan_.sendControlMessage({"KEEPALIVE", "chamber-2"}); // OK: checked under mu_
        }
        std::this_thread::sleep_for(std::chrono::seconds(5));
      }
    });
  }

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (closed_)
        return;
      closed_ = true;
      chan_.close(); // OK: serialized with the heartbeat by mu_
    }
    if (worker_.joinable())
      worker_.join();
  }

private:
  cassandra::StreamingMultiplexedChannel &chan_;
  std::mutex mu_;
  bool closed_ = false;
  std::thread worker_;
};

void replicate_log(cassandra::StreamingMultiplexedChannel &chan, const std::vector<std::string> &lines) {
  for (const std::string &line : lines) {
    if (chan.isClosed())
      break;
    chan.sendMessage(chan.controlChannel(), {"RH_LOG", line}); // OK: checked isClosed()
  }
}

// Applies queued setpoints, then leaves the consumer group.
int drain_setpoints(RdKafka::KafkaConsumer &consumer, Chamber &chamber, int max_msgs) {
  for (int i = 0; i < max_msgs; ++i) {
    RdKafka::Message *msg = consumer.consume(250);
    if (!msg)
      break;
    apply_setpoint(chamber, msg);
    release(msg);
  }
  int rc = consumer.close();
  if (rc != 0)
    return rc;
  return consumer.commitSync(); // BUG: use-after-close
}

} // namespace humidification
