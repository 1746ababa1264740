// A stream session closes its data channel through a guard when the transfer
// block ends and then reports the outcome on the separate control channel,
// which the guard never touches. Every send is on an open channel: the data
// sends run inside the guarded block, and the control message after it goes
// to a different object (negative case).
#include "messaging.h"

#include <string>
#include <vector>

namespace streaming {

class DataChannelGuard {
public:
  explicit DataChannelGuard(cassandra::StreamingMultiplexedChannel &channel) : channel_(channel) {}
  DataChannelGuard(const DataChannelGuard &) = delete;
  DataChannelGuard &operator=(const DataChannelGuard &) = delete;
  ~DataChannelGuard() { channel_.close(); }

private:
  cassandra::StreamingMultiplexedChannel &channel_;
};

class Transfer {
public:
  Transfer(cassandra::StreamingMultiplexedChannel &data,
           cassandra::StreamingMultiplexedChannel &control)
      : data_(data), control_(control) {}

  void run(const std::vector<cassandra::StreamMessage> &chunks) {
    {
      DataChannelGuard guard(data_);
      for (const auto &chunk : chunks)
        data_.sendMessage(data_.controlChannel(), chunk); // OK
    }
    cassandra::StreamMessage done{"COMPLETE", std::to_string(chunks.size())};
    control_.sendControlMessage(done); // OK
  }

private:
  cassandra::StreamingMultiplexedChannel &data_;
  cassandra::StreamingMultiplexedChannel &control_;
};

} // namespace streaming
