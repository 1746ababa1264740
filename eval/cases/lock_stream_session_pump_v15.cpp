// Streaming session pump for the repair service. SessionPump's sender thread
// forwards queued control messages on the session's multiplexed channel
// (sending after close() throws); abort() closes the channel from the
// control thread while holding mu_. AckWriter sends acknowledgements on a
// replication channel (send() on a closed channel fails): ack() checks
// the closed flag and sends under mu_, close() closes under mu_, and a
// keepalive thread sends a KEEPALIVE frame every 500 ms (the send itself
// runs under mu_).
#include "messaging.h"
#include "replication.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <utility>

class SessionPump {
public:
  explicit SessionPump(cassandra::StreamSession &session) : session_(session) {}
  void start() { sender_ = std::thread([this] { senderLoop(); }); }
  void enqueue(cassandra::StreamMessage msg);
  void abort(const std::string &why);
  void finish();

private:
  void senderLoop();

  cassandra::StreamSession &session_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<cassandra::StreamMessage> queue_;
  bool closed_ = false;
  bool done_ = false;
  std::thread sender_;
};

void SessionPump::enqueue(cassandra::StreamMessage msg) {
  std::lock_guard<std::mutex> lock(mu_);
  queue_.push_back(std::move(msg));
  cv_.notify_one();
}

void SessionPump::senderLoop() {
  for (;;) {
    cassandra::StreamMessage msg;
    {
      std::unique_lock<std::mutex> lock(mu_);
      cv_.wait(lock, [this] { return done_ || closed_ || !queue_.empty(); });
      if (closed_ || queue_.empty())
        return;
      msg = std::move(queue_.front());
      queue_.pop_front();
    }
    session_.channel().sendControlMessage(msg); // BUG: use-after-close #abort
  }
}

void SessionPump::abort(const std::string &why) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  closed_ = true;
  session_.channel().close(); // SAME: abort
  session_.onError(why);
  cv_.notify_all();
}

void SessionPump::finish() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    done_ = true;
  }
  cv_.notify_all();
  if (sender_.joinable())
    sender_.join();
  std::lock_guard<std::mutex> lock(mu_);
  if (!closed_) {
    closed_ = true;
    session_.channel().close(); // OK: sender joined, and closed_ guards against a second close
  }
}

class AckWriter {
public:
  explicit AckWriter(const std::string &peer) : channel_(peer) {}
  ~AckWriter() { close(); }
  void start();
  void ack(long lsn);
  void close();

private:
  repl::ReplicationChannel channel_;
  std::mutex mu_;
  bool closed_ = false;
  std::atomic<bool> stop_{false};
  std::thread keepalive_;
};

void AckWriter::start() {
  keepalive_ = std::thread([this] {
    while (!stop_) {
      if (!channel_.IsClosed()) {
        std::lock_guard<std::mutex> lock(mu_);
        channel_.send("KEEPALIVE"); // BUG: use-after-close #ackclose
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  });
}

void AckWriter::ack(long lsn) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  channel_.send("ACK " + std::to_string(lsn)); // OK: checked and sent under mu_, which close() holds
}

void AckWriter::close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return;
    closed_ = true;
    channel_.close(); // SAME: ackclose
  }
  stop_ = true;
  if (keepalive_.joinable())
    keepalive_.join();
}

void repairRange(cassandra::StreamSession &session, const std::string &peer) {
  SessionPump pump(session);
  AckWriter acks(peer);
  pump.start();
  acks.start();
  pump.enqueue({"PREPARE", "range=(0,1024]"});
  acks.ack(1024);
  if (session.isPreview())
    pump.abort("preview session, nothing to stream");
  pump.finish();
  acks.close();
}
