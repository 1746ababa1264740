// Sericulture: a silkworm rearing room streams temperature and mulberry-leaf
// feed events to the farm's climate controller over a ClimateChannel. A
// sensor thread posts readings while the farm manager may call shutdown()
// from the UI thread; shutdown() sets closed_ and closes the channel under
// state_mu_. post_temperature() copies the flag under the lock and sends after
// unlocking, so the close can land in between. post_feed() checks the flag
// under stats_mu_, which shutdown() never takes. post_humidity() checks and
// sends inside one state_mu_ section and is correct.
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>

class ClimateChannel {
 public:
  void send(const std::string& topic, double value) {
    if (closed_) throw std::runtime_error("climate channel closed");
    last_topic_ = topic;
    last_value_ = value;
  }
  void close() {
    if (closed_) throw std::runtime_error("climate channel closed twice");
    closed_ = true;
  }

 private:
  std::string last_topic_;
  double last_value_ = 0.0;
  bool closed_ = false;
};

class RearingRoom {
 public:
  RearingRoom() : sensor_([this] { sample_loop(); }), feeder_([this] { feed_loop(); }) {}
  ~RearingRoom() {
    shutdown();
    sensor_.join();
    feeder_.join();
  }

  void shutdown() {
    std::lock_guard<std::mutex> lk(state_mu_);
    if (closed_) return;
    closed_ = true;
    temp_channel_.close();  // SAME: temperature_race
    feed_channel_.close();  // SAME: feed_race
    humidity_channel_.close();  // OK: post_humidity() holds state_mu_ for check and send
  }

 private:
  bool is_closed() {
    std::lock_guard<std::mutex> lk(state_mu_);
    return closed_;
  }

  void post_temperature(double celsius) {
    bool live;
    {
      std::lock_guard<std::mutex> lk(state_mu_);
      live = !closed_;
    }
    if (live) temp_channel_.send("temp", celsius);  // BUG: use-after-close #temperature_race
  }

  void post_humidity(double rh) {
    std::lock_guard<std::mutex> lk(state_mu_);
    if (closed_) return;
    humidity_channel_.send("rh", rh);  // OK: checked and sent under the closer's mutex
  }

  void post_feed(double grams) {
    std::lock_guard<std::mutex> lk(stats_mu_);
    leaves_fed_ += grams;
    if (!closed_) feed_channel_.send("mulberry", grams);  // BUG: use-after-close #feed_race
  }

  void sample_loop() {
    while (!is_closed()) {
      post_temperature(25.5);
      post_humidity(78.0);
      std::this_thread::sleep_for(std::chrono::seconds(1));
    }
  }

  void feed_loop() {
    while (!is_closed()) {
      post_feed(40.0);
      std::this_thread::sleep_for(std::chrono::seconds(2));
    }
  }

  std::mutex state_mu_;
  std::mutex stats_mu_;
  bool closed_ = false;
  double leaves_fed_ = 0.0;
  ClimateChannel temp_channel_;
  ClimateChannel humidity_channel_;
  ClimateChannel feed_channel_;
  std::thread sensor_;
  std::thread feeder_;
};

void fourth_instar() {
  RearingRoom room;
  std::this_thread::sleep_for(std::chrono::seconds(3));
  room.shutdown();
}
