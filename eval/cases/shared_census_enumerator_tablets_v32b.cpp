// National census field operation: each enumerator's tablet uploads
// household forms through an UploadSession. The district supervisor owns the
// current session through a shared_ptr whose deleter closes it when the last
// owner lets go; the tablet's sync callbacks hold only a weak_ptr or read the
// supervisor's current session each time, so a session the supervisor closed
// and replaced at shift change is never used again. Negative case: every
// upload goes to a session that is open at that point.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace census {

class UploadSession {
public:
  explicit UploadSession(std::string district) : district_(std::move(district)) {}
  void upload(const std::string &form) {
    if (closed_)
      throw std::runtime_error("upload session closed for " + district_);
    forms_.push_back(form);
  }
  void close() { closed_ = true; }
  bool closed() const { return closed_; }

private:
  std::string district_;
  std::vector<std::string> forms_;
  bool closed_ = false;
};

std::shared_ptr<UploadSession> openSession(const std::string &district) {
  return std::shared_ptr<UploadSession>(new UploadSession(district), [](UploadSession *s) {
    if (!s->closed())
      s->close(); // OK: skipped when the supervisor already closed it
    delete s;
  });
}

class Supervisor {
public:
  explicit Supervisor(std::string district) : district_(std::move(district)), session_(openSession(district_)) {}

  std::shared_ptr<UploadSession> session() const { return session_; }

  void shiftChange() {
    session_->upload("shift summary");
    session_->close();
    session_ = openSession(district_);
    session_->upload("shift opened"); // OK: the new session
  }

  void endOfDay() {
    session_->close();
    session_.reset();
  }

  void lateForm(const std::string &form) {
    if (!session_)
      return;
    session_->upload(form); // OK: reset after close
  }

private:
  std::string district_;
  std::shared_ptr<UploadSession> session_;
};

class Tablet {
public:
  explicit Tablet(Supervisor &sup) : sup_(sup) {}

  std::function<void(const std::string &)> retryCallback() {
    std::weak_ptr<UploadSession> weak = sup_.session();
    return [weak](const std::string &form) {
      auto s = weak.lock();
      if (!s || s->closed())
        return;
      s->upload(form); // OK: lock succeeded and the session is still open
    };
  }

  std::function<void(const std::string &)> syncCallback() {
    return [this](const std::string &form) {
      auto s = sup_.session();
      if (s)
        s->upload(form); // OK: reads the supervisor's current session each time
    };
  }

private:
  Supervisor &sup_;
};

void fieldDay(Supervisor &sup, Tablet &tablet) {
  auto sync = tablet.syncCallback();
  auto retry = tablet.retryCallback();
  sync("household 14 Mill Lane");
  {
    std::shared_ptr<UploadSession> pinned = sup.session();
    pinned->upload("household 16 Mill Lane"); // OK: pinned copy keeps it alive and open
  }
  sup.shiftChange();
  sync("household 2 Orchard Row");
  retry("household 9 Mill Lane");
  sup.endOfDay();
  sup.lateForm("household 11 Orchard Row");
}

} // namespace census
