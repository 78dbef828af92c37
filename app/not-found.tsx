import DeskLayout from "./(desk)/layout";
import DeskNotFound from "./(desk)/not-found";

// A URL no page answers: the desk's not-found page inside the desk's shell (signed out: sign-in first), with a way back.
export default function NotFound() {
  return (
    <DeskLayout>
      <DeskNotFound />
    </DeskLayout>
  );
}
