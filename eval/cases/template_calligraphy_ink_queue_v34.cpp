// Calligraphy studio: a pen-plotter renders brush strokes fed through a
// thread-safe InkQueue<T>. close() refuses further pushes but lets the
// renderer drain what is queued (try_pop() works after close), and a second
// close() is a logic error. letter_invitation() seals the stroke queue and
// then pushes the closing full stop; finish_scroll() seals the caption queue
// early for master-signed scrolls and then seals it again unconditionally.
// Draining after the seal, and pushing to a different instantiation, are fine.
#include <condition_variable>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

template <class T>
class InkQueue {
 public:
  void push(T item) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::runtime_error("ink queue closed");
    items_.push_back(std::move(item));
    cv_.notify_one();
  }

  // Drains queued items even after close(); returns nullopt when empty.
  std::optional<T> try_pop() {
    std::lock_guard<std::mutex> lk(mu_);
    if (items_.empty()) return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    return item;
  }

  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_) throw std::logic_error("ink queue closed twice");
    closed_ = true;
    cv_.notify_all();
  }

  bool closed() const {
    std::lock_guard<std::mutex> lk(mu_);
    return closed_;
  }

 private:
  mutable std::mutex mu_;
  std::condition_variable cv_;
  std::deque<T> items_;
  bool closed_ = false;
};

template <class Q>
void seal(Q& queue) {
  queue.close();  // SAME: seal_twice
}

struct Stroke {
  char glyph;
  int weight;
};

struct Plotter {
  int strokes = 0;
  void render(const Stroke&) { ++strokes; }
  void caption(const std::string&) { ++strokes; }
};

void letter_invitation(InkQueue<Stroke>& strokes, Plotter& plotter, const std::string& text) {
  for (char c : text) strokes.push(Stroke{c, 2});  // OK: queue still open
  seal(strokes);
  while (auto s = strokes.try_pop()) plotter.render(*s);  // OK: draining is allowed after close
  strokes.push(Stroke{'.', 1});  // BUG: use-after-close
}

void finish_scroll(InkQueue<std::string>& captions, bool signed_by_master) {
  captions.push("colophon");  // OK: not sealed yet
  if (signed_by_master) {
    captions.push("seal of the master");  // OK: not sealed yet
    seal(captions);
  }
  seal(captions);  // BUG: double-close #seal_twice
}

void border_and_title(InkQueue<Stroke>& border, InkQueue<std::string>& titles) {
  seal(border);
  titles.push("Spring Rain");  // OK: a different queue from the sealed one
  if (!border.closed()) border.push(Stroke{'~', 1});  // OK: guarded by closed()
}

void studio_session(Plotter& plotter) {
  InkQueue<Stroke> strokes;
  InkQueue<std::string> captions;
  InkQueue<Stroke> border;
  border_and_title(border, captions);
  letter_invitation(strokes, plotter, "You are invited");
  finish_scroll(captions, true);
}
