// Code against classes whose bodies the translation unit never sees (only
// declared in replication.h): guards through IsClosed(), connected() and
// isOpen(), each after a close that happens only on one path (correct).
#include "replication.h"

#include <string>

class Standby {
public:
  Standby(repl::ReplicationChannel &channel, repl::WalProducer &wal)
      : channel_(channel), wal_(wal) {}

  void forward(const std::string &frame, bool primaryLost) {
    if (primaryLost)
      channel_.close();
    if (channel_.IsClosed())
      return;
    channel_.send(frame); // OK
    channel_.flush(); // OK
  }

  void forwardIfConnected(const std::string &frame, bool primaryLost) {
    if (primaryLost)
      channel_.close();
    if (!channel_.connected())
      return;
    channel_.send(frame); // OK
  }

  void archive(const std::string &record, bool rotating) {
    if (rotating)
      wal_.close();
    if (wal_.isOpen())
      wal_.send(record); // OK
  }

private:
  repl::ReplicationChannel &channel_;
  repl::WalProducer &wal_;
};
