// Live feed of a saffron auction: the auctioneer publishes the running price
// of a lot to the bidders' room from a ticker thread, and the hammer result
// from the caller's thread. BidChannel is the room connection (it throws once
// closed). Two mistakes: Auctioneer::stop() closes the feed before it stops
// and joins the ticker, so a tick can be published into the closed channel,
// and hammer() announces SOLD after a passed lot already stopped the feed.
// PriceBoard shows the correct order (clear the flag, join, then close).
#include <atomic>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class BidChannel {
public:
  void open(const std::string &room);
  void publish(const std::string &msg);
  void close();
  bool is_open() const;

private:
  mutable std::mutex m_;
  bool open_ = false;
  std::string room_;
  std::vector<std::string> sent_;
};

void BidChannel::open(const std::string &room) {
  std::lock_guard<std::mutex> lk(m_);
  room_ = room;
  sent_.clear();
  open_ = true;
}

void BidChannel::publish(const std::string &msg) {
  std::lock_guard<std::mutex> lk(m_);
  if (!open_)
    throw std::runtime_error("bid channel closed: " + room_);
  sent_.push_back(msg);
}

void BidChannel::close() {
  std::lock_guard<std::mutex> lk(m_);
  open_ = false;
}

bool BidChannel::is_open() const {
  std::lock_guard<std::mutex> lk(m_);
  return open_;
}

class Auctioneer {
public:
  explicit Auctioneer(int reserve) : reserve_(reserve) {}
  ~Auctioneer() { stop(); }
  void start(const std::string &room);
  void bid(int amount) { price_ = amount; }
  void hammer(int final_bid);
  void stop();

private:
  BidChannel feed_;
  std::atomic<bool> running_{false};
  std::atomic<int> price_{0};
  std::thread ticker_;
  int reserve_;
};

void Auctioneer::start(const std::string &room) {
  feed_.open(room);
  running_ = true;
  ticker_ = std::thread([this] {
    while (running_) {
      feed_.publish("price " + std::to_string(price_.load())); // BUG: use-after-close #tick
      std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
  });
}

void Auctioneer::stop() {
  feed_.close(); // SAME: tick
  running_ = false;
  if (ticker_.joinable())
    ticker_.join();
}

void Auctioneer::hammer(int final_bid) {
  if (final_bid < reserve_) {
    feed_.publish("PASSED at " + std::to_string(final_bid));
    stop();
  }
  feed_.publish("SOLD at " + std::to_string(final_bid)); // BUG: use-after-close
}

class PriceBoard {
public:
  ~PriceBoard() { shutdown(); }
  void start(const std::string &room, const std::atomic<int> *price);
  void shutdown();

private:
  BidChannel board_;
  std::atomic<bool> running_{false};
  std::thread worker_;
};

void PriceBoard::start(const std::string &room, const std::atomic<int> *price) {
  board_.open(room);
  running_ = true;
  worker_ = std::thread([this, price] {
    while (running_) {
      board_.publish("board " + std::to_string(price->load())); // OK: shutdown() joins this thread before closing
      std::this_thread::sleep_for(std::chrono::milliseconds(500));
    }
  });
}

void PriceBoard::shutdown() {
  running_ = false;
  if (worker_.joinable())
    worker_.join();
  if (board_.is_open())
    board_.publish("board closed"); // OK: guarded, and the worker has exited
  board_.close(); // OK: runs after the join
}
