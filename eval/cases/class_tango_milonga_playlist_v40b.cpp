// Milonga DJ booth. The booth drives the hall's amplifier rack over an AmpLink
// (send/close, throws once closed): tandas of three or four songs separated by
// cortinas, dancers' requests queued and flushed to the amp's playlist.
// stop() fades out and closes the link; start() opens it again.
// Two mistakes: run_evening() flushes the request queue after stop(), and
// last_tanda() plays the closing cortina after calling stop() itself.
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class AmpLink {
public:
  explicit AmpLink(std::string host) : host_(std::move(host)) {}
  void open() { open_ = true; }
  void send(const std::string &frame) {
    if (!open_)
      throw std::runtime_error("amp link closed: " + host_);
    sent_.push_back(frame);
  }
  void close() {
    if (!open_)
      throw std::runtime_error("amp link already closed: " + host_);
    open_ = false;
  }
  bool is_open() const { return open_; }

private:
  std::string host_;
  bool open_ = false;
  std::vector<std::string> sent_;
};

struct Tanda {
  std::string orchestra;
  std::vector<std::string> songs;
};

class MilongaBooth {
public:
  explicit MilongaBooth(std::string amp_host) : amp_(std::move(amp_host)) {}
  void start();
  void play_tanda(const Tanda &t);
  void cortina(int seconds);
  void request(const std::string &song) { pending_.push_back(song); }
  void flush_requests();
  void stop();
  void last_tanda(const Tanda &t);

private:
  AmpLink amp_;
  bool running_ = false;
  std::vector<std::string> pending_;
};

void MilongaBooth::start() {
  if (running_)
    return;
  amp_.open();
  running_ = true;
}

void MilongaBooth::play_tanda(const Tanda &t) {
  if (!running_)
    return;
  amp_.send("ORCH " + t.orchestra);
  for (const auto &s : t.songs)
    amp_.send("PLAY " + s); // OK: running_ is cleared by stop()
}

void MilongaBooth::cortina(int seconds) {
  amp_.send("CORTINA " + std::to_string(seconds)); // SAME: cortina
}

void MilongaBooth::flush_requests() {
  amp_.send("QUEUE " + std::to_string(pending_.size())); // SAME: requests
  for (const auto &s : pending_)
    amp_.send("REQ " + s);
  pending_.clear();
}

void MilongaBooth::stop() {
  if (!running_)
    return;
  running_ = false;
  amp_.send("FADE");
  amp_.close();
}

void MilongaBooth::last_tanda(const Tanda &t) {
  play_tanda(t);
  stop();
  cortina(0); // BUG: use-after-close #cortina
}

void run_evening(MilongaBooth &booth, const std::vector<Tanda> &tandas) {
  booth.start();
  for (size_t i = 0; i < tandas.size(); ++i) {
    booth.play_tanda(tandas[i]);
    if (i + 1 < tandas.size())
      booth.cortina(30); // OK: link open between start() and stop()
  }
  booth.request("La Cumparsita");
  booth.stop();
  booth.flush_requests(); // BUG: use-after-close #requests
}

void run_practica(MilongaBooth &booth, const std::vector<Tanda> &tandas, const Tanda &encore) {
  booth.start();
  for (const auto &t : tandas)
    booth.play_tanda(t);
  booth.flush_requests(); // OK: before stop()
  booth.stop();
  booth.stop(); // OK: stop() returns early once stopped
  booth.play_tanda(encore); // OK: play_tanda() returns when stopped
  booth.start();
  booth.cortina(10); // OK: start() reopened the link
  booth.stop();
}

void closing_night(MilongaBooth &booth, const Tanda &final_tanda) {
  booth.start();
  booth.last_tanda(final_tanda);
}
