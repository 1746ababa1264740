// A job refuses reconfiguration once started; started_ is not a "closed"
// state and the message matches no record: errlint leaves it alone.
#include <stdexcept>

class Job {
public:
  void start() { started_ = true; }
  void setThreads(int n) {
    if (started_)
      throw std::logic_error("cannot configure a started job");
    threads_ = n;
  }

private:
  bool started_ = false;
  int threads_ = 1;
};

void configureLate(Job &j) {
  j.start();
  j.setThreads(4);
}
