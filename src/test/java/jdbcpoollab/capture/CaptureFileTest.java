package jdbcpoollab.capture;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CaptureFileTest {

   @Test
   void aCaptureIsWrittenAndReadBackExactlyEscapedToOneLineEach(@TempDir Path dir) throws Exception {
      Capture capture = new Capture("mysql", 5_000_000, List.of(
            new CapturedStatement(7, 12, "SELECT 'a\tb' FROM t\nWHERE x = 'back\\slash'\r"),
            new CapturedStatement(9, 40, "SELECT '\u0001 \u00e9 \\n literal'", true),
            new CapturedStatement(7, 3, "BEGIN")));
      Path file = dir.resolve("capture.txt");
      CaptureFile.write(file, capture);
      List<String> lines = Files.readAllLines(file);
      assertEquals(List.of("jdbc-pool-lab capture 2 mysql 5000000", "7\t3\tt\tBEGIN",
            "7\t12\tt\tSELECT 'a\\tb' FROM t\\nWHERE x = 'back\\\\slash'\\r",
            "9\t40\tp\tSELECT '\\u0001 \u00e9 \\\\n literal'"), lines);
      assertEquals(capture, CaptureFile.read(file));
   }

   @Test
   void aStatementThatSetsAPasswordIsKeptMasked() {
      List<String> secrets = List.of("SET PASSWORD FOR 'app'@'%' = PASSWORD('s3cret-1')",
            "ALTER USER app IDENTIFIED BY 's3cret-2'", "CREATE USER 'app'@'%' IDENTIFIED BY \"s3cret-3\"",
            "create role app login password 's3cret-4'", "ALTER ROLE app WITH PASSWORD $$s3cret-5$$",
            "/* app */ GRANT ALL ON *.* TO app IDENTIFIED BY 's3cret-6'");
      for (String sql : secrets) {
         String text = CaptureFile.text(new Capture("mysql", 1, List.of(new CapturedStatement(1, 0, sql))));
         assertFalse(text.contains("s3cret"), text);
         assertTrue(text.contains("'***'"), text);
      }
      assertEquals("SELECT 'password'", new CapturedStatement(1, 0, "SELECT 'password'").text());
   }

   @Test
   void anotherVersionOrALineThatDoesNotParseIsRefusedInOneLine() {
      CaptureException version = assertThrows(CaptureException.class,
            () -> CaptureFile.parse("jdbc-pool-lab capture 3 mysql 10\n1\t0\tt\tSELECT 1\n", "new.txt"));
      assertEquals("new.txt is a capture of format version 3; this lab reads version 1 or 2", version.getMessage());
      assertEquals(CaptureException.Reason.INVALID, version.reason());
      assertEquals("x.txt is not a capture file (its first line is not \"jdbc-pool-lab capture …\")",
            assertThrows(CaptureException.class, () -> CaptureFile.parse("SELECT 1\n", "x.txt")).getMessage());
      assertEquals("c.txt line 3: not connection, start and text separated by tabs", assertThrows(
            CaptureException.class, () -> CaptureFile.parse("jdbc-pool-lab capture 1 mysql 10\n1\t0\tSELECT 1\n"
                  + "SELECT 2\n", "c.txt")).getMessage());
      assertEquals("c.txt line 2: an unknown escape \\q", assertThrows(CaptureException.class,
            () -> CaptureFile.parse("jdbc-pool-lab capture 1 mysql 10\n1\t0\tSELECT '\\q'\n", "c.txt"))
            .getMessage());
      assertEquals("c.txt line 2: the connection and the start are whole numbers", assertThrows(
            CaptureException.class, () -> CaptureFile.parse("jdbc-pool-lab capture 1 mysql 10\n1\tx\tSELECT 1\n",
                  "c.txt")).getMessage());
   }

   @Test
   void aCaptureOfVersion1IsReadAsTextAndAVersion2LineWithoutItsFlagIsRefused() {
      Capture old = CaptureFile.parse("jdbc-pool-lab capture 1 mysql 10\n7\t0\tSELECT c FROM t WHERE id = 5\n"
            + "7\t4\tSELECT 'p\tt'\n", "old.txt");
      assertEquals(new Capture("mysql", 10, List.of(new CapturedStatement(7, 0, "SELECT c FROM t WHERE id = 5", false),
            new CapturedStatement(7, 4, "SELECT 'p\tt'", false))), old);
      assertEquals("c.txt line 2: not connection, start, p or t and text separated by tabs", assertThrows(
            CaptureException.class, () -> CaptureFile.parse("jdbc-pool-lab capture 2 mysql 10\n7\t0\tSELECT 1\n",
                  "c.txt")).getMessage());
   }

   @Test
   void theSentFlagIsWrittenAndReadBackAndAnotherFlagIsRefusedInOneLineNamingTheLine() {
      Capture capture = new Capture("postgresql", 100, List.of(new CapturedStatement(3, 0, "BEGIN"),
            new CapturedStatement(3, 10, "SELECT v FROM t WHERE id = '42'", true),
            new CapturedStatement(3, 20, "COMMIT", false)));
      assertEquals(capture, CaptureFile.parse(CaptureFile.text(capture), "round.txt"));
      CaptureException e = assertThrows(CaptureException.class, () -> CaptureFile.parse(
            "jdbc-pool-lab capture 2 mysql 10\n7\t0\tp\tSELECT 1\n7\t1\tprepared\tSELECT 2\n", "c.txt"));
      assertEquals("c.txt line 3: the statement is sent p (prepared) or t (text), not \"prepared\"", e.getMessage());
      assertEquals(CaptureException.Reason.INVALID, e.reason());
   }
}
