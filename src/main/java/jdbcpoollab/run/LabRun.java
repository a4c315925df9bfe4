package jdbcpoollab.run;

/**
 * A run of the lab as the simulation that hosts it sees it ({@link LabSimulation}): built with the simulation, its
 * options read and its steps planned; started before Gatling's load and finished after it.
 */
public interface LabRun {
   /** Before the load: the database, the tables and the statements tried once; a failure ends the run here. */
   void start();

   /** After the load: the summaries, the page, the exit code, the database stopped. */
   void finish();
}
