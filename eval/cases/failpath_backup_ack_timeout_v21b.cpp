// Backup streaming: snapshot files are streamed to a backup node over a
// cassandra::StreamingMultiplexedChannel (sending after close() throws
// "stream has been closed"). Acks arrive on the network thread and are
// recorded in AckTracker. awaitAck() closes the channel and throws AckTimeout
// when the ack does not arrive in time; drainAcks() closes it and returns
// -ETIMEDOUT. Correct callers reconnect (a fresh channel) or stop.
// Defects: streamFile()'s AckTimeout handler sends ABORT on the channel
// awaitAck() just closed, and finishSession() ignores drainAcks()'s error
// code and sends DONE.
#include <messaging.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

namespace backup {

struct AckTimeout : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class AckTracker {
public:
  void onAck(long seq) {
    {
      std::lock_guard<std::mutex> g(mu_);
      if (seq > acked_)
        acked_ = seq;
    }
    cv_.notify_all();
  }
  bool waitFor(long seq, std::chrono::milliseconds timeout) {
    std::unique_lock<std::mutex> lk(mu_);
    return cv_.wait_for(lk, timeout, [&] { return acked_ >= seq; });
  }

private:
  std::mutex mu_;
  std::condition_variable cv_;
  long acked_ = 0;
};

// Throws AckTimeout (after closing the channel) when seq is not acked in time.
static void awaitAck(cassandra::StreamingMultiplexedChannel &ch, AckTracker &acks, long seq,
                     std::chrono::milliseconds timeout) {
  if (!acks.waitFor(seq, timeout)) {
    ch.close();
    throw AckTimeout("no ack for chunk " + std::to_string(seq));
  }
}

// Returns 0, or -ETIMEDOUT after closing the channel.
static int drainAcks(cassandra::StreamingMultiplexedChannel &ch, AckTracker &acks, long lastSeq) {
  if (!acks.waitFor(lastSeq, std::chrono::seconds(60))) {
    ch.close();
    return -ETIMEDOUT;
  }
  return 0;
}

struct BackupFile {
  std::string name;
  std::vector<std::string> chunks;
};

class SnapshotStreamer {
public:
  SnapshotStreamer(cassandra::StreamSession &session, AckTracker &acks)
      : session_(session), acks_(acks) {
    reconnect();
  }

  bool streamFile(const BackupFile &f) {
    for (const std::string &c : f.chunks)
      channel_->sendMessage(data_, {"CHUNK", f.name + ":" + c});
    try {
      awaitAck(*channel_, acks_, seq_ += static_cast<long>(f.chunks.size()), std::chrono::seconds(30));
    } catch (const AckTimeout &e) {
      session_.onError(e.what());
      channel_->sendControlMessage({"ABORT", f.name}); // BUG: use-after-close
      return false;
    }
    channel_->sendControlMessage({"COMMIT", f.name}); // OK: awaitAck() closes only when it throws
    return true;
  }

  // Same transfer, retried on a fresh channel after a timeout.
  bool streamWithRetry(const BackupFile &f) {
    for (int attempt = 0; attempt < 3; ++attempt) {
      for (const std::string &c : f.chunks)
        channel_->sendMessage(data_, {"CHUNK", f.name + ":" + c});
      try {
        awaitAck(*channel_, acks_, seq_ += static_cast<long>(f.chunks.size()), std::chrono::seconds(30));
        channel_->sendControlMessage({"COMMIT", f.name}); // OK: awaitAck() returned normally
        return true;
      } catch (const AckTimeout &) {
        reconnect();
      }
    }
    return false;
  }

  void finishSession() {
    drainAcks(*channel_, acks_, seq_);
    channel_->sendControlMessage({"DONE", std::to_string(seq_)}); // BUG: use-after-close
    channel_->close();
  }

  void finishSessionChecked() {
    if (drainAcks(*channel_, acks_, seq_) != 0) {
      session_.onError("final acks timed out");
      return;
    }
    channel_->sendControlMessage({"DONE", std::to_string(seq_)}); // OK: drainAcks() returned 0, channel open
    channel_->close();
  }

private:
  void reconnect() {
    channel_ = std::make_unique<cassandra::StreamingMultiplexedChannel>();
    channel_->setTimeout(30);
    channel_->sendControlMessage({"RESUME", std::to_string(seq_)}); // OK: a new channel replaced the closed one
  }

  cassandra::StreamSession &session_;
  AckTracker &acks_;
  std::unique_ptr<cassandra::StreamingMultiplexedChannel> channel_;
  cassandra::StreamingChannel data_;
  long seq_ = 0;
};

// Nightly job: stops at the first file that could not be streamed.
bool runNightly(SnapshotStreamer &streamer, const std::vector<BackupFile> &files) {
  for (const BackupFile &f : files)
    if (!streamer.streamWithRetry(f))
      return false;
  streamer.finishSessionChecked();
  return true;
}

} // namespace backup
