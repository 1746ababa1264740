// Settlement publisher of a payments back office. Settlements are sent to
// Kafka (kafka::KafkaProducer from messaging.h, thread-safe like the real
// client) from a small thread pool of the application's own, TaskCrew: it
// stores the callables in a queue and runs them later on its worker threads;
// shutdown() lets the workers drain the queue and joins them. In dry-run mode
// an InlineRunner is used instead, which runs each callable at once on the
// caller's thread.
//
// Bug (publishSettlements): the tasks are only queued when submit() returns;
// the producer is closed right after the loop while the crew's threads may
// still be sending: send() after close() fails ("Producer closed while send
// in progress") and the settlement is lost.
// Bug (endOfDay): the late settlements are submitted after Crew.shutdown():
// the crew is stopped and submit() throws "task crew stopped".
// The send inside that late task never runs (the task is never queued).
// Correct (publishAndDrain): Crew.shutdown() joins the workers before the close.
// Correct (dryRun): InlineRunner::submit() has run the send before it returns.
#include "messaging.h"

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

class TaskCrew {
public:
  explicit TaskCrew(unsigned Workers) {
    for (unsigned I = 0; I < Workers; ++I)
      Threads.emplace_back([this] { work(); });
  }
  ~TaskCrew() { shutdown(); }

  void submit(std::function<void()> Task) {
    {
      std::lock_guard<std::mutex> Lock(M);
      if (Stopping)
        throw std::runtime_error("task crew stopped");
      Tasks.push_back(std::move(Task));
    }
    HasWork.notify_one();
  }

  void shutdown() {
    {
      std::lock_guard<std::mutex> Lock(M);
      if (Stopping)
        return;
      Stopping = true;
    }
    HasWork.notify_all();
    for (std::thread &T : Threads)
      T.join();
  }

private:
  void work() {
    for (;;) {
      std::function<void()> Task;
      {
        std::unique_lock<std::mutex> Lock(M);
        HasWork.wait(Lock, [this] { return Stopping || !Tasks.empty(); });
        if (Tasks.empty())
          return;
        Task = std::move(Tasks.front());
        Tasks.pop_front();
      }
      Task();
    }
  }

  std::mutex M;
  std::condition_variable HasWork;
  std::deque<std::function<void()>> Tasks;
  std::vector<std::thread> Threads;
  bool Stopping = false;
};

class InlineRunner {
public:
  void submit(const std::function<void()> &Task) { Task(); }
};

struct Settlement {
  std::string Id;
  long AmountCents = 0;
  std::string encode() const { return Id + ":" + std::to_string(AmountCents); }
};

void publishSettlements(TaskCrew &Crew, kafka::KafkaProducer &Producer,
                        const std::vector<Settlement> &Batch) {
  for (const Settlement &S : Batch)
    Crew.submit([&Producer, S] {
      Producer.send({"settlements", S.encode()}); // BUG: use-after-close #settle
    });
  Producer.close(); // SAME: settle
}

void publishAndDrain(kafka::KafkaProducer &Producer,
                     const std::vector<Settlement> &Batch) {
  TaskCrew Crew(4);
  for (const Settlement &S : Batch)
    Crew.submit([&Producer, S] {
      Producer.send({"settlements", S.encode()}); // OK: joined by Crew.shutdown() before the close
    });
  Crew.shutdown();
  Producer.flush();
  Producer.close(); // no task can still be running
}

// End of day: the crew is stopped first, then late settlements are handed to
// it, then the producer is closed.
void endOfDay(TaskCrew &Crew, kafka::KafkaProducer &Producer,
              const std::vector<Settlement> &Late) {
  Crew.shutdown();
  Producer.flush();
  for (const Settlement &S : Late)
    Crew.submit([&Producer, S] { // BUG: use-after-close
      Producer.send({"settlements.late", S.encode()}); // OK: never queued, submit() throws first
    });
  Producer.close();
}

void dryRun(kafka::KafkaProducer &Producer, const std::vector<Settlement> &Batch) {
  InlineRunner Runner;
  for (const Settlement &S : Batch)
    Runner.submit([&Producer, &S] {
      Producer.send({"settlements.dryrun", S.encode()}); // OK: runs inside submit(), before the close
    });
  Producer.close();
}

int main(int argc, char **argv) {
  std::vector<Settlement> Batch = {{"stl-1001", 125000}, {"stl-1002", 9900}};
  std::string Mode = argc > 1 ? argv[1] : "drain";
  if (Mode == "dry-run") {
    kafka::KafkaProducer Producer("kafka-staging:9092");
    dryRun(Producer, Batch);
  } else if (Mode == "eod") {
    kafka::KafkaProducer Producer("kafka-1:9092");
    TaskCrew Crew(2);
    Crew.submit([&Producer, &Batch] {
      for (const Settlement &S : Batch)
        Producer.send({"settlements", S.encode()});
    });
    endOfDay(Crew, Producer, {{"stl-1003", 4100}});
  } else if (Mode == "fast") {
    kafka::KafkaProducer Producer("kafka-1:9092");
    TaskCrew Crew(4);
    publishSettlements(Crew, Producer, Batch);
  } else {
    kafka::KafkaProducer Producer("kafka-1:9092");
    publishAndDrain(Producer, Batch);
  }
  return 0;
}
