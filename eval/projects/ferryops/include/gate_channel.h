// GateChannel: the link to one boarding gate's controller, a TCP stream of
// length-prefixed frames. shutdown() is idempotent and the destructor calls
// it; sendFrame()/readFrame() return Status::Closed once the channel has been
// shut down. Defined in gate_channel.cpp.
#pragma once
#include <mutex>

#include "status.h"
#include "types.h"

namespace ferry {

class GateChannel {
public:
  enum class State { Idle, Open, Draining, Closed };

  explicit GateChannel(GateId id);
  ~GateChannel();
  GateChannel(const GateChannel &) = delete;
  GateChannel &operator=(const GateChannel &) = delete;

  Status connect(const Endpoint &ep);
  void beginDrain();
  void shutdown() noexcept;
  Status sendFrame(const Frame &frame);
  Status readFrame(Frame &out, int timeoutMs);

  bool isOpen() const;
  State state() const;
  GateId id() const { return id_; }
  const Endpoint &endpoint() const { return endpoint_; }

private:
  const GateId id_;
  Endpoint endpoint_;
  int fd_ = -1;
  State state_ = State::Idle;
  mutable std::mutex mu_;
};

} // namespace ferry
