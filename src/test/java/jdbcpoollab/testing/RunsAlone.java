package jdbcpoollab.testing;

import org.junit.jupiter.api.Tag;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class whose assertions hold only on a machine it has to itself: it asserts on durations, throughput or CPU
 * shares that another test running beside it would change, or times an event to fall inside a step's window.
 * {@code mvn test} runs the other classes two at a time, in two JVMs (pom.xml), and these after them, one at a time,
 * in the execution named {@value #TAG}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@Tag(RunsAlone.TAG)
public @interface RunsAlone {
   String TAG = "alone";
}
