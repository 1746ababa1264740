// Optical lab: the lens edger that cuts spectacle lenses to the frame
// tracing is driven over an EdgerLink held in a std::optional, and every job
// is traced to a JobTrace owned by a unique_ptr. Recalibration closes the
// link and emplaces a fresh one; a spindle fault closes it and switches to
// the spare spindle's port, but only when a spare is fitted.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace opticlab {

class EdgerLink {
public:
  explicit EdgerLink(std::string port) : port_(std::move(port)) {}
  void send(const std::string &gcode) {
    if (closed_)
      throw std::runtime_error("edger link on " + port_ + " closed");
    sent_.push_back(gcode);
  }
  void close() { closed_ = true; }

private:
  std::string port_;
  std::vector<std::string> sent_;
  bool closed_ = false;
};

class JobTrace {
public:
  explicit JobTrace(std::string day) : day_(std::move(day)) {}
  void write(const std::string &line) {
    if (closed_)
      throw std::runtime_error("job trace " + day_ + " closed");
    lines_.push_back(line);
  }
  void close() { closed_ = true; }

private:
  std::string day_;
  std::vector<std::string> lines_;
  bool closed_ = false;
};

class LensEdger {
public:
  LensEdger(std::string port, std::string sparePort)
      : port_(std::move(port)), sparePort_(std::move(sparePort)) {
    link_.emplace(port_);
    trace_ = std::make_unique<JobTrace>("day-1");
  }

  void recalibrate() {
    if (link_)
      link_->close();
    link_.emplace(port_);
    link_->send("G28 HOME"); // OK: emplace made a fresh link
  }

  void onSpindleFault(bool spareFitted) {
    link_->close();
    if (spareFitted)
      link_.emplace(sparePort_);
    link_->send("M3 RESUME"); // BUG: use-after-close
  }

  void rotateTrace(const std::string &day) {
    trace_->write("end of day");
    trace_->close();
    trace_ = std::make_unique<JobTrace>(day);
    trace_->write("start of " + day); // OK: a new trace object
  }

  void cut(const std::string &tracing) {
    trace_->write("cut " + tracing);
    link_->send("CUT " + tracing);
  }

  void reconnect() {
    if (!link_)
      return;
    link_->close();
    *link_ = EdgerLink(port_);
    link_->send("G28 HOME"); // OK: a fresh object assigned over the closed one
  }

  void standby() {
    link_->close();
    link_.reset();
  }

  void wake() {
    if (!link_)
      link_.emplace(port_);
    link_->send("WAKE"); // OK: reopened when standby had reset it
  }

private:
  std::string port_;
  std::string sparePort_;
  std::optional<EdgerLink> link_;
  std::unique_ptr<JobTrace> trace_;
};

} // namespace opticlab
