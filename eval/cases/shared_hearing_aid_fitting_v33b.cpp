// Audiology fitting software: a FittingWizard talks to a hearing aid over a
// Bluetooth LE HearingAidSession held in a shared_ptr whose deleter closes an
// open session. A ProgramUploader copies the pointer when it is created.
// switchEar() closes the left aid's session and reassigns the wizard's
// pointer to the right aid, but the uploader made earlier still holds the
// closed left session and uploads through it. finish() closes the session
// the uploader's finalize() already closed (close() throws when closed).
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class HearingAidSession {
public:
  explicit HearingAidSession(std::string ear) : ear_(std::move(ear)) {}
  void writeProgram(int slot, const std::vector<int> &gainsDb);
  void close();
  bool isOpen() const { return open_; }

private:
  std::string ear_;
  bool open_ = true;
};

std::shared_ptr<HearingAidSession> openSession(const std::string &ear) {
  return std::shared_ptr<HearingAidSession>(
      new HearingAidSession(ear), [](HearingAidSession *s) {
        if (s->isOpen())
          s->close(); // OK: the deleter closes only an open session
        delete s;
      });
}

class ProgramUploader {
public:
  explicit ProgramUploader(std::shared_ptr<HearingAidSession> session)
      : session_(std::move(session)) {}
  void upload(int slot, const std::vector<int> &gains);
  void finalize();

private:
  std::shared_ptr<HearingAidSession> session_;
};

class FittingWizard {
public:
  FittingWizard() : session_(openSession("left")) {}
  std::unique_ptr<ProgramUploader> makeUploader() {
    return std::make_unique<ProgramUploader>(session_);
  }
  void runFeedbackCancel();
  void switchEar();
  void finish();

private:
  std::shared_ptr<HearingAidSession> session_;
};

void HearingAidSession::writeProgram(int slot, const std::vector<int> &gainsDb) {
  if (!open_)
    throw std::runtime_error("hearing aid session closed: " + ear_);
  (void)slot;
  (void)gainsDb;
}

void HearingAidSession::close() {
  if (!open_)
    throw std::runtime_error("hearing aid session already closed: " + ear_);
  open_ = false;
}

void ProgramUploader::upload(int slot, const std::vector<int> &gains) {
  session_->writeProgram(slot, gains); // SAME: leftear
}

void ProgramUploader::finalize() {
  session_->writeProgram(0, {});
  session_->close();
}

void FittingWizard::runFeedbackCancel() {
  session_->writeProgram(7, {0, 0, -6, -12}); // OK: after switchEar() this is the right aid
}

void FittingWizard::switchEar() {
  session_->close();
  session_ = openSession("right");
  session_->writeProgram(1, {10, 14, 18, 22}); // OK: the new right-ear session
}

void FittingWizard::finish() {
  session_->close(); // BUG: double-close
}

int main() {
  FittingWizard wizard;
  std::unique_ptr<ProgramUploader> uploader = wizard.makeUploader();
  uploader->upload(1, {12, 16, 20, 24});
  wizard.switchEar();
  wizard.runFeedbackCancel();
  uploader->upload(2, {8, 12, 16, 20}); // BUG: use-after-close #leftear

  auto rightUploader = wizard.makeUploader();
  rightUploader->upload(2, {6, 10, 14, 18}); // OK: made after the switch
  rightUploader->finalize();
  wizard.finish();
  return 0;
}
