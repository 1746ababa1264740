// Autoguiding rig for a backyard equatorial: the guider camera is a GuiderCamera link
// (expose() after close() throws) shared between the GuidingRig, the EyepieceOverlay that
// draws the reticle temperature, and callbacks registered with the process-wide
// EphemerisClock (a Meyers singleton that fires its listeners on every ephemeris tick).
// switch_to_visual() closes the camera and replaces the rig's own pointer with a fresh
// camera, but the overlay keeps its copy of the old one and the tracking listener captured
// the old one by value: both use a closed camera. The drift listener holds a weak_ptr and
// checks closed(), and the rig itself uses the fresh camera: those are correct.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class GuiderCamera {
public:
  explicit GuiderCamera(std::string port) : port_(std::move(port)) {}
  void expose(double seconds) {
    if (closed_)
      throw std::runtime_error("guider camera on " + port_ + " is closed");
    lastExposure_ = seconds;
  }
  double sensorTemperature() const {
    if (closed_)
      throw std::runtime_error("guider camera on " + port_ + " is closed");
    return -10.0;
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::string port_;
  double lastExposure_ = 0.0;
  bool closed_ = false;
};

class EphemerisClock {
public:
  static EphemerisClock &instance() {
    static EphemerisClock clock;
    return clock;
  }
  void onTick(std::function<void(double)> fn) { listeners_.push_back(std::move(fn)); }
  void tick(double jd) {
    for (auto &fn : listeners_)
      fn(jd);
  }

private:
  EphemerisClock() = default;
  std::vector<std::function<void(double)>> listeners_;
};

class EyepieceOverlay {
public:
  explicit EyepieceOverlay(std::shared_ptr<GuiderCamera> cam) : cam_(std::move(cam)) {}
  void refresh() {
    reticleLabel_ = std::to_string(cam_->sensorTemperature()) + " C"; // SAME: overlay
  }

private:
  std::shared_ptr<GuiderCamera> cam_;
  std::string reticleLabel_;
};

class GuidingRig {
public:
  explicit GuidingRig(const std::string &port)
      : camera_(std::make_shared<GuiderCamera>(port)), overlay_(camera_) {}

  void start_tracking() {
    std::shared_ptr<GuiderCamera> cam = camera_;
    EphemerisClock::instance().onTick([cam](double) {
      cam->expose(2.0); // BUG: use-after-close
    });
    std::weak_ptr<GuiderCamera> weak = camera_;
    EphemerisClock::instance().onTick([weak](double) {
      if (auto c = weak.lock())
        if (!c->closed())
          c->expose(0.5); // OK: checked closed() on the locked camera
    });
  }

  void switch_to_visual(const std::string &eyepiecePort) {
    camera_->close();
    camera_ = std::make_shared<GuiderCamera>(eyepiecePort);
    camera_->expose(0.1); // OK: camera_ was replaced by a fresh camera
  }

  void redraw() {
    overlay_.refresh(); // BUG: use-after-close #overlay
    camera_->expose(1.0); // OK: the rig's camera is the fresh one
  }

private:
  std::shared_ptr<GuiderCamera> camera_;
  EyepieceOverlay overlay_;
};

void guided_session(double jdStart) {
  GuidingRig rig("/dev/ttyGUIDER0");
  rig.start_tracking();
  EphemerisClock::instance().tick(jdStart);
  rig.switch_to_visual("/dev/ttyEYEPIECE1");
  rig.redraw();
  EphemerisClock::instance().tick(jdStart + 0.001);
}
