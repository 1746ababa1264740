// Travel paperwork helper: a family's visa applications go through a
// consulate portal session, the app's own class (submit() throws after
// close(); sessions time out and are closed). Sessions are held in an
// optional, a unique_ptr, or by value, and a closed session is replaced with
// a fresh one before the next submission -- except on one path below, where
// only the expired branch replaces it.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class PortalSession {
public:
  explicit PortalSession(std::string applicant) : applicant_(std::move(applicant)) {}
  void submit(const std::string &form) {
    if (closed_)
      throw std::runtime_error("portal session closed for " + applicant_);
    forms_.push_back(form);
  }
  void close() { closed_ = true; }
  bool expired(int minutesIdle) const { return minutesIdle > 20; }

private:
  std::string applicant_;
  std::vector<std::string> forms_;
  bool closed_ = false;
};

void applyForFamily(const std::vector<std::string> &travellers) {
  std::optional<PortalSession> session;
  for (const std::string &name : travellers) {
    session.emplace(name);
    session->submit("visa-application"); // OK: emplace made a fresh session
    session->submit("passport-scan");
    session->close();
  }
  session.reset();
}

void uploadPhotos(const std::string &applicant, int photos) {
  auto session = std::make_unique<PortalSession>(applicant);
  for (int i = 0; i < photos; ++i) {
    if (i > 0 && i % 3 == 0) {
      session->close();
      session = std::make_unique<PortalSession>(applicant);
    }
    session->submit("photo-" + std::to_string(i)); // OK: replaced right after the close
  }
  session->close();
}

void payFees(PortalSession &session, const std::string &applicant, int minutesIdle) {
  session.submit("fee-summary");
  session.close();
  if (session.expired(minutesIdle))
    session = PortalSession(applicant);
  session.submit("card-payment"); // BUG: use-after-close
}

void bookAppointment(std::optional<PortalSession> &session, const std::string &applicant) {
  if (session)
    session->close();
  session.emplace(applicant);
  session->submit("appointment-request"); // OK: emplace replaced the closed session
}

void renewPassport(const std::string &applicant, bool photoRejected) {
  PortalSession session(applicant);
  session.submit("renewal-form");
  if (photoRejected) {
    session.close();
    session = PortalSession(applicant);
  }
  session.submit("new-photo"); // OK: the close and the replacement are on the same path
  session.close();
}
