// Radiology reading room: a viewer session shares the DICOM association to
// the PACS with the reporting pane and with the prior-study prefetcher, whose
// idle callbacks capture their own shared_ptr copy of the association. When
// the radiologist logs out, the association is released (closed) through one
// owner; the prefetcher's idle callbacks may still fire afterwards, and a
// hospital failover switches the viewer's owner to a second archive while
// the reporting pane still holds the released one.
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace radiology {

class StudyLink {
public:
  explicit StudyLink(std::string aeTitle) : ae_(std::move(aeTitle)) {}
  void request(const std::string &studyUid) {
    if (closed_)
      throw std::runtime_error("association released: " + ae_);
    pending_.push_back(studyUid);
  }
  void close() {
    closed_ = true;
    pending_.clear();
  }
  bool isOpen() const { return !closed_; }

private:
  std::string ae_;
  std::vector<std::string> pending_;
  bool closed_ = false;
};

class Prefetcher {
public:
  void onIdle(std::function<void()> cb) { idle_.push_back(std::move(cb)); }
  void fireIdle() {
    for (auto &cb : idle_)
      cb();
    idle_.clear();
  }

private:
  std::vector<std::function<void()>> idle_;
};

class ViewerSession {
public:
  ViewerSession(std::shared_ptr<StudyLink> link, Prefetcher &prefetch)
      : link_(std::move(link)), prefetch_(prefetch) {}

  void openStudy(const std::string &uid) {
    link_->request(uid);
    prefetch_.onIdle([link = link_, uid] {
      link->request(uid + ".prior"); // BUG: use-after-close
    });
  }

  void openStudyLazily(const std::string &uid) {
    std::weak_ptr<StudyLink> weak = link_;
    prefetch_.onIdle([weak, uid] {
      if (auto link = weak.lock())
        if (link->isOpen())
          link->request(uid + ".prior"); // OK: checked after lock
    });
  }

private:
  std::shared_ptr<StudyLink> link_;
  Prefetcher &prefetch_;
};

void readingShift(Prefetcher &prefetch, const std::vector<std::string> &worklist) {
  auto link = std::make_shared<StudyLink>("PACS_MAIN");
  ViewerSession viewer(link, prefetch);
  for (const std::string &uid : worklist)
    viewer.openStudy(uid);
  link->close();
  prefetch.fireIdle();
}

void failoverToDisasterArchive(const std::string &uid) {
  auto viewerLink = std::make_shared<StudyLink>("PACS_MAIN");
  std::shared_ptr<StudyLink> reportingLink = viewerLink;
  reportingLink->request(uid); // OK
  viewerLink->close();
  viewerLink = std::make_shared<StudyLink>("PACS_DR");
  viewerLink->request(uid); // OK: fresh association
  reportingLink->request(uid + ".report"); // BUG: use-after-close
}

} // namespace radiology
